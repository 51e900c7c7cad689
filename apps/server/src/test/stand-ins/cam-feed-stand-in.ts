import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A webcam partner on 127.0.0.1 speaking the feed format of docs/cam-feed.md: the JSON feed
 * at `/feed.json` (its `url` is `CAM_FEED_URL`) and each performer's thumbnail as a JPEG
 * under `/thumbs/`. Tests change what it answers and read which requests reached it.
 */

export interface StandInPerformer {
  account: string;
  name: string;
  age: number;
  gender: string;
  live: boolean;
  /** Absolute, or relative to the feed's URL. */
  thumbnail: string;
}

export interface CamFeedStandIn {
  /** The feed's URL: `CAM_FEED_URL`. */
  url: string;
  origin: string;
  /** What the feed lists; change it between calls. */
  performers: StandInPerformer[];
  /** Replaces the whole answer of `/feed.json` (a broken document, an error status). */
  answer: { status: number; body: string; contentType: string } | null;
  /** Milliseconds before the stand-in answers anything (a partner that hangs). */
  delayMs: number;
  /** Paths requested, in order (the query string included). */
  requests: string[];
  close(): Promise<void>;
}

/** A performer of the stand-in with its thumbnail under `/thumbs/`. */
export const standInPerformer = (
  account: string,
  overrides: Partial<StandInPerformer> = {},
): StandInPerformer => ({
  account,
  name: account.replace(/_.*/, '').replace(/^./, (c) => c.toUpperCase()),
  age: 30,
  gender: 'female',
  live: true,
  thumbnail: `/thumbs/${account}.jpg`,
  ...overrides,
});

const jpeg = (seed: number) =>
  sharp({
    create: {
      width: 240,
      height: 300,
      channels: 3,
      background: { r: (seed * 37) % 256, g: 120, b: 200 },
    },
  })
    .jpeg()
    .toBuffer();

export async function startCamFeedStandIn(
  performers: StandInPerformer[] = [],
): Promise<CamFeedStandIn> {
  const thumbs = new Map<string, Buffer>();
  const standIn: CamFeedStandIn = {
    url: '',
    origin: '',
    performers,
    answer: null,
    delayMs: 0,
    requests: [],
    close: async () => {},
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? '/';
    standIn.requests.push(path);
    if (standIn.delayMs > 0) await new Promise((r) => setTimeout(r, standIn.delayMs));
    const { pathname } = new URL(path, standIn.origin);
    if (request.method !== 'GET') {
      response.writeHead(405, { allow: 'GET' }).end();
      return;
    }
    if (pathname === '/feed.json') {
      const answer = standIn.answer ?? {
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ performers: standIn.performers }),
      };
      response.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
      return;
    }
    const thumb = /^\/thumbs\/([\w.-]+)\.jpg$/.exec(pathname);
    if (thumb) {
      let body = thumbs.get(thumb[1]!);
      if (!body) {
        body = await jpeg(thumbs.size + 1);
        thumbs.set(thumb[1]!, body);
      }
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(body);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.origin = `http://127.0.0.1:${port}`;
  standIn.url = `${standIn.origin}/feed.json?key=partner-secret-123`;
  standIn.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}
