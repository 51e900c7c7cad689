import { get as httpGet, type IncomingMessage } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, sharedApp } from './support/app-fixture.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

describe('the built web app in Chromium', () => {
  it('loads the home page from the server without leaving the origin', async () => {
    const page = (await app.newPage()).page;
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(app.server.url) && !request.url().startsWith('data:'))
        foreign.push(request.url());
    });
    const response = await page.goto(`${app.server.url}/`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.title()).toBe('Meet people who get you · Amora');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
    expect(foreign).toEqual([]);
    await page.close();
  });

  it('serves locale messages for a day and hashed assets for good', async () => {
    const messages = await fetch(`${app.server.url}/_i18n/de/messages.json`);
    expect(messages.status).toBe(200);
    expect(messages.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(((await messages.json()) as { auth: { login_title: string } }).auth.login_title).toBe(
      'Einloggen',
    );
    const html = await (await fetch(`${app.server.url}/`)).text();
    // The app's start-up chunk, which the page announces (decision 054).
    const asset = /\/assets\/startup-[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const script = await fetch(`${app.server.url}${asset}`);
    expect(script.headers.get('cache-control')).toContain('immutable');
    // Sent as the build compressed it (brotli, quality 11), not compressed again per request.
    const raw = await new Promise<IncomingMessage>((resolve) =>
      httpGet(`${app.server.url}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } }, resolve),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of raw) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers['content-type']).toMatch(/javascript/);
    // A file's length is known up front; compressing on the fly would send it in chunks.
    expect(Number(raw.headers['content-length'])).toBe(body.length);
    expect(brotliDecompressSync(body).toString()).toBe(await script.text());
    expect((await fetch(`${app.server.url}/index.html`)).headers.get('cache-control')).toBe(
      'no-cache',
    );
  });

  it('answers an unknown path with 404 and says so', async () => {
    const page = (await app.newPage()).page;
    const response = await page.goto(`${app.server.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('/no-such-page');
    await page.close();
  });
});
