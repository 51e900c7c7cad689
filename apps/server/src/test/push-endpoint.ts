import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import ece from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** The decrypted JSON the service worker would get. */
  payload: Record<string, unknown>;
}

/**
 * A stand-in push service on 127.0.0.1: it makes browser-like subscriptions (its own key
 * pairs), and decrypts what arrives with them, as a browser would. `status(path, code)`
 * makes it answer a subscription with, say, 410 Gone.
 */
export async function startPushEndpoint() {
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      const key = keys.get(path);
      const status = statuses.get(path) ?? 201;
      if (key && status < 300) {
        const clear = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: key.ecdh,
          authSecret: key.auth,
        });
        received.push({ path, headers: req.headers, payload: JSON.parse(clear.toString('utf8')) });
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  let counter = 0;
  return {
    received,
    /** A new browser subscription: endpoint and keys as `PushSubscription.toJSON()` gives them. */
    subscription() {
      counter += 1;
      const path = `/push/${counter}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      keys.set(path, { ecdh, auth });
      return {
        endpoint: `${base}${path}`,
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth,
      };
    },
    status(endpoint: string, code: number) {
      statuses.set(new URL(endpoint).pathname, code);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
