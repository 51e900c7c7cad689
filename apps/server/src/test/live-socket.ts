import { LIVE_PATH, type LiveEvent } from '@amora/shared/schemas/live';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** The app listening on a free loopback port: a browser's WebSocket needs a real socket. */
export async function listening(app: FastifyInstance) {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

/** Opens the live channel like a tab of the app would; collects what arrives. */
export async function openLive(base: string, cookie: string | null, origin?: string) {
  const received: LiveEvent[] = [];
  const socket = new WebSocket(`${base}${LIVE_PATH}`, {
    headers: { ...(cookie ? { cookie } : {}), origin: origin ?? base.replace(/^ws/, 'http') },
  });
  socket.on('message', (data) => received.push(JSON.parse(String(data)) as LiveEvent));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`Unexpected server response: ${res.statusCode}`)),
    );
    socket.once('error', reject);
  });
  return { socket, received, closed };
}

/** Waits up to 5 seconds for `check` to hold. */
export async function until(check: () => boolean, what: string) {
  const end = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
