import { useCallback, useEffect, useRef, useState } from 'react';
import { useLastPushMessage } from './last-push';
import { attachPushSubscription } from './push-subscription';

/** Raised when this tab subscribed, so every user of the push state looks again. */
const PUSH_CHANGED_EVENT = 'amora:push-changed';

/** Push state of spec section 3: capable, subscribed, denied or unknown. */
export type PushStatus = 'unknown' | 'capable' | 'subscribed' | 'denied' | 'unsupported';

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The active service worker; pending until one is active (never, in development builds). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return navigator.serviceWorker.ready;
}

const pushSupported = (publicKey: string | null | undefined) =>
  Boolean(publicKey) &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/**
 * The push opt-in: finds out whether this browser can and may receive pushes, and
 * subscribes on request. A subscription is attached to the account only when subscribed
 * and not denied (spec section 4).
 */
export function usePush(publicKey: string | null | undefined) {
  const [status, setStatus] = useState<PushStatus>('unknown');
  const determined = useRef<Promise<PushStatus>>(new Promise(() => {}));

  useEffect(() => {
    let cancelled = false;
    // `undefined`: the settings (and so the key) are still loading.
    if (publicKey === undefined) return;
    const find = async (): Promise<PushStatus> => {
      if (!pushSupported(publicKey)) return 'unsupported';
      if (Notification.permission === 'denied') return 'denied';
      const reg = await registration();
      if (!reg) return 'unsupported';
      return (await reg.pushManager.getSubscription()) ? 'subscribed' : 'capable';
    };
    setStatus('unknown');
    determined.current = find().catch(() => 'unsupported' as const);
    void determined.current.then((found) => {
      if (!cancelled) setStatus(found);
    });
    // Another part of the app (the signup step, a prompt) subscribed: look again.
    const recheck = () => {
      void find()
        .catch(() => 'unsupported' as const)
        .then((found) => {
          if (!cancelled) setStatus(found);
        });
    };
    window.addEventListener(PUSH_CHANGED_EVENT, recheck);
    return () => {
      cancelled = true;
      window.removeEventListener(PUSH_CHANGED_EVENT, recheck);
    };
  }, [publicKey]);

  /** The status once known, waiting at most `ms` (a first visit's worker may still be installing). */
  const settle = useCallback(
    (ms: number) =>
      Promise.race([
        determined.current,
        new Promise<PushStatus>((resolve) => setTimeout(() => resolve('unknown'), ms)),
      ]),
    [],
  );

  /** Attaches a subscription the browser already holds (used right after signup). */
  const attachExisting = useCallback(async () => {
    const reg = await registration();
    const existing = await reg?.pushManager.getSubscription();
    if (existing && Notification.permission !== 'denied') await attachPushSubscription(existing);
  }, []);

  const subscribe = useCallback(async (): Promise<PushStatus> => {
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        const next = permission === 'denied' ? 'denied' : 'capable';
        setStatus(next);
        return next;
      }
      const reg = await registration();
      if (!reg || !publicKey) throw new Error('no service worker');
      const subscription = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(publicKey),
      });
      await attachPushSubscription(subscription);
      setStatus('subscribed');
      window.dispatchEvent(new Event(PUSH_CHANGED_EVENT));
      return 'subscribed';
    } catch (error) {
      console.warn('Push subscription failed', error);
      const next = Notification.permission === 'denied' ? 'denied' : 'capable';
      setStatus(next);
      return next;
    }
  }, [publicKey]);

  const lastMessage = useLastPushMessage();
  // The push state's fields of spec section 3 beside the status they come from.
  return {
    status,
    isCapable: status === 'capable' || status === 'subscribed',
    isSubscribed: status === 'subscribed',
    lastMessage,
    subscribe,
    attachExisting,
    settle,
  };
}
