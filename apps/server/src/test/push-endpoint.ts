import { createServer, type IncomingHttpHeaders } from 'node:http';
import { type BrowserPushKeys, decryptPush, newBrowserPushKeys } from './push-keys.js';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** The decrypted JSON the service worker would get. */
  payload: Record<string, unknown>;
}

/**
 * A stand-in push service on 127.0.0.1: it makes browser-like subscriptions (its own key
 * pairs), and decrypts what arrives with them, as a browser would. `status(path, code)`
 * makes it answer a subscription with, say, 410 Gone; `redirect(path, location)` with a
 * redirect elsewhere.
 */
export async function startPushEndpoint() {
  const keys = new Map<string, BrowserPushKeys>();
  const statuses = new Map<string, number>();
  const redirects = new Map<string, string>();
  const received: ReceivedPush[] = [];
  /** Every path posted to, delivered or not. */
  const posted: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      posted.push(path);
      const location = redirects.get(path);
      if (location) {
        res.writeHead(307, { location }).end();
        return;
      }
      const key = keys.get(path);
      const status = statuses.get(path) ?? 201;
      if (key && status < 300) {
        const payload = decryptPush(Buffer.concat(chunks), key);
        received.push({ path, headers: req.headers, payload });
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
    posted,
    /** A new browser subscription: endpoint and keys as `PushSubscription.toJSON()` gives them. */
    subscription() {
      counter += 1;
      const path = `/push/${counter}`;
      const browser = newBrowserPushKeys();
      keys.set(path, browser);
      return { endpoint: `${base}${path}`, p256dh: browser.p256dh, auth: browser.auth };
    },
    status(endpoint: string, code: number) {
      statuses.set(new URL(endpoint).pathname, code);
    },
    /** Answers posts to `endpoint` with 307 Temporary Redirect to `location`. */
    redirect(endpoint: string, location: string) {
      redirects.set(new URL(endpoint).pathname, location);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
