import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, DEMO, logInThroughUi, sharedApp } from './support/app-fixture.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

/**
 * WCAG 2.1 A and AA rules of axe-core on a settled page. Left out: label-content-name-
 * mismatch, which asks a chat list entry's name ("Chat with Anna, 1 unread message") to
 * repeat its preview text and time as well.
 */
async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(app.url(path));
  await page.waitForLoadState('networkidle');
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() =>
    // biome-ignore lint/suspicious/noExplicitAny: axe-core installs itself on window.
    (window as any).axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      rules: { 'label-content-name-mismatch': { enabled: false } },
    }),
  );
  return (result.violations as { id: string; nodes: { target: string[] }[] }[]).flatMap((v) =>
    v.nodes.map((n) => `${path}: ${v.id} at ${n.target.join(' ')}`),
  );
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  it('finds nothing on the pages a visitor sees, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      // The script is added by the test, so the page's content security policy lets it in.
      const { context, page } = await app.newPage({
        bypassCSP: true,
        reducedMotion: 'reduce',
        colorScheme,
      });
      const found: string[] = [];
      for (const path of [
        '/',
        '/login',
        '/signup',
        '/pages/faq',
        '/pages/service',
        '/complaints',
        '/pricing',
        '/landers/gallery/a11y',
        '/landers/alonetonight/a11y',
      ]) {
        found.push(...(await violations(page, path)));
      }
      expect(found, colorScheme).toEqual([]);
      await context.close();
    }
  });

  it('finds nothing on the pages a member uses, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await app.newPage({
        bypassCSP: true,
        reducedMotion: 'reduce',
        colorScheme,
      });
      await logInThroughUi(page, app.server.url, DEMO);
      const search = await (
        await context.request.get(app.url('/api/search.php?searchAllCountries=1'))
      ).json();
      const other = search.profiles[0].id;
      const found: string[] = [];
      for (const path of [
        '/members',
        `/members/${other}`,
        '/likes',
        '/chats',
        `/members/${other}/chat`,
        '/profile',
        '/notifications',
        '/credits',
        '/premium',
        '/credits/credits-50',
      ]) {
        found.push(...(await violations(page, path)));
      }
      expect(found, colorScheme).toEqual([]);
      await context.close();
    }
  });
});
