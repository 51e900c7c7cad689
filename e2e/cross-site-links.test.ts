import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, sharedApp } from './support/app-fixture.js';
import { activateViaMailbox, signUpViaApi } from './support/members.js';

let app: App;
let elsewhere: Server;
let elsewhereUrl: string;
/** The page another site would serve: links into ours, followed by the member's browser. */
let links: { href: string; text: string }[] = [];

beforeAll(async () => {
  app = await sharedApp();
  elsewhere = createServer((_req, res) => {
    const body = links.map((l) => `<p><a href="${l.href}">${l.text}</a></p>`).join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><title>Elsewhere</title><body>${body}</body></html>`);
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  const address = elsewhere.address();
  // `localhost` is another site than the app's 127.0.0.1: the browser says `cross-site`.
  elsewhereUrl = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => elsewhere?.close(resolve));
});

describe('links from another site (issue 39)', () => {
  it('neither open a chat that the other member would see, nor log the member out', async () => {
    const { context, page } = await app.newPage();
    const { email } = await signUpViaApi(context, app.server.url, { name: 'Lena' });
    await activateViaMailbox(context, app.server.url, email);
    const search = await context.request.get(app.url('/api/search.php?searchAllCountries=1'));
    const [other] = (await search.json()).profiles as { id: number }[];

    links = [
      { href: app.url(`/api/chat.php?profile=${other!.id}`), text: 'A nice profile' },
      { href: app.url('/api/logout.php'), text: 'Log out' },
    ];
    await page.goto(`${elsewhereUrl}/`);
    const [chat] = await Promise.all([
      page.waitForResponse((res) => res.url().includes('/api/chat.php')),
      page.getByRole('link', { name: 'A nice profile' }).click(),
    ]);
    expect(chat.status()).toBe(403);
    expect((await chat.json()).error.code).toBe('cross_origin');
    const chats = await context.request.get(app.url('/api/chats.php'));
    expect((await chats.json()).chats).toEqual([]);

    await page.goto(`${elsewhereUrl}/`);
    const [logout] = await Promise.all([
      page.waitForResponse((res) => res.url().includes('/api/logout.php')),
      page.getByRole('link', { name: 'Log out' }).click(),
    ]);
    expect(logout.status()).toBe(403);
    expect((await context.request.get(app.url('/api/user.php'))).status()).toBe(200);

    // The app's own call, from one of its pages, still logs out.
    await page.goto(app.url('/pages/faq'));
    const own = await page.evaluate(
      async (url) => (await fetch(url)).status,
      app.url('/api/logout.php'),
    );
    expect(own).toBe(200);
    expect((await context.request.get(app.url('/api/user.php'))).status()).toBe(403);
    await context.close();
  });
});
