import { useEffect } from 'react';
import { toast } from 'react-toastify';

/**
 * Toasts pause while the pointer is over them (spec section 4), also when the pointer was
 * already where a toast appears: the browser sends no mouseenter then, so react-toastify's
 * own pause never starts. The last pointer position is kept; a new toast under it is paused,
 * and react-toastify's mouseleave resumes it as usual.
 */
export function usePauseToastUnderPointer() {
  useEffect(() => {
    let pointer: { x: number; y: number } | null = null;
    const track = (event: PointerEvent) => {
      pointer = event.pointerType === 'mouse' ? { x: event.clientX, y: event.clientY } : null;
    };
    document.addEventListener('pointermove', track, { passive: true });
    const stop = toast.onChange((item) => {
      if (item.status !== 'added' || !item.id) return;
      const pauseIfUnder = () => {
        const element = document.getElementById(String(item.id));
        if (!pointer || !element) return;
        const box = element.getBoundingClientRect();
        const { x, y } = pointer;
        if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom) {
          toast.pause({ id: item.id });
        }
      };
      // Once placed, and again after the enter animation, whose end starts the timer anew.
      window.setTimeout(pauseIfUnder, 400);
      window.setTimeout(pauseIfUnder, 1000);
    });
    return () => {
      document.removeEventListener('pointermove', track);
      stop();
    };
  }, []);
}
