import { type RefObject, useEffect, useState } from 'react';

export type CameraState = 'starting' | 'live' | 'unavailable';

/**
 * The front camera in `video` while the calling component is shown: asked for once, its
 * tracks stopped when the component goes (a step left, a selfie taken), so the camera light
 * never stays on behind the member's back. `unavailable` where there is no camera, the
 * browser has no `getUserMedia` (an old one, or a page not served securely) or the member
 * said no: the caller offers a file input instead.
 */
export function useFrontCamera(video: RefObject<HTMLVideoElement | null>): CameraState {
  const [state, setState] = useState<CameraState>('starting');
  useEffect(() => {
    let stream: MediaStream | null = null;
    let gone = false;
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setState('unavailable');
      return;
    }
    media
      .getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 960 } },
        audio: false,
      })
      .then(async (opened) => {
        if (gone) {
          for (const track of opened.getTracks()) track.stop();
          return;
        }
        stream = opened;
        const element = video.current;
        if (!element) return;
        element.srcObject = opened;
        await element.play().catch(() => undefined);
        setState('live');
      })
      .catch(() => {
        if (!gone) setState('unavailable');
      });
    return () => {
      gone = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (video.current) video.current.srcObject = null;
    };
  }, [video]);
  return state;
}

/** The video's current frame as a JPEG file, at the camera's own size. */
export function captureFrame(video: HTMLVideoElement): Promise<File | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0 || canvas.height === 0) return Promise.resolve(null);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) =>
    canvas.toBlob(
      (blob) => resolve(blob ? new File([blob], 'selfie.jpg', { type: 'image/jpeg' }) : null),
      'image/jpeg',
      0.92,
    ),
  );
}
