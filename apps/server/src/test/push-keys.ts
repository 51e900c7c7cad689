import { createECDH, randomBytes } from 'node:crypto';
import ece from 'http_ece';

/** A browser's side of a push subscription: its key pair and auth secret. */
export interface BrowserPushKeys {
  ecdh: ReturnType<typeof createECDH>;
  auth: string;
  /** The public key as `PushSubscription.toJSON().keys.p256dh` gives it. */
  p256dh: string;
}

export function newBrowserPushKeys(): BrowserPushKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    auth: randomBytes(16).toString('base64url'),
    p256dh: ecdh.getPublicKey().toString('base64url'),
  };
}

/** Decrypts a push body as the browser would, answering the JSON inside. */
export function decryptPush(body: Buffer, keys: BrowserPushKeys): Record<string, unknown> {
  const clear = ece.decrypt(body, {
    version: 'aes128gcm',
    privateKey: keys.ecdh,
    authSecret: keys.auth,
  });
  return JSON.parse(clear.toString('utf8'));
}
