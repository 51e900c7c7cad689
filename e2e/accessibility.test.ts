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
 * The WCAG 2.1 A and AA rules of axe-core that judge colours: all a colour mode changes.
 * The other rules (names, roles, structure) read the same page in either mode.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * WCAG 2.1 A and AA rules of axe-core on a settled page, in the light colour mode, then
 * the rules on colour in the dark one: the app follows the system setting as it changes, so
 * one load serves both.
 * Left out: label-content-name-mismatch, which asks a chat list entry's name ("Chat with
 * Anna, 1 unread message") to repeat its preview text and time as well.
 */
async function violations(page: Page, path: string): Promise<string[]> {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(app.url(path));
  await page.waitForLoadState('networkidle');
  await page.addScriptTag({ path: AXE });
  // Colours then change at once when the mode does (the fades are for people, not for axe).
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // The page takes the mode over at once; its background may follow a frame later.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const [red = 0] = getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? [];
          const theme = document.documentElement.getAttribute('data-bs-theme');
          return `${theme} ${Number(red) > 128 ? 'light' : 'dark'}`;
        }),
      )
      .toBe(`${colorScheme} ${colorScheme}`);
    const result = await page.evaluate(
      (colourRules) =>
        // biome-ignore lint/suspicious/noExplicitAny: axe-core installs itself on window.
        (window as any).axe.run(
          document,
          colourRules
            ? { runOnly: { type: 'rule', values: colourRules } }
            : {
                runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
                rules: { 'label-content-name-mismatch': { enabled: false } },
              },
        ),
      colorScheme === 'dark' ? COLOUR_RULES : null,
    );
    found.push(
      ...(result.violations as { id: string; nodes: { target: string[] }[] }[]).flatMap((v) =>
        v.nodes.map((n) => `${path} (${colorScheme}): ${v.id} at ${n.target.join(' ')}`),
      ),
    );
  }
  return found;
}

/**
 * Each test loads and checks up to a dozen pages in two colour modes: about 30 s on a
 * quiet machine, twice that when the API tests share the cores.
 */
const PAGES_TIMEOUT = 150_000;

// The script is added by the test, so the page's content security policy lets it in.
const axeContext = { bypassCSP: true, reducedMotion: 'reduce' } as const;

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  it('finds nothing on the pages a visitor sees, light and dark', {
    timeout: PAGES_TIMEOUT,
  }, async () => {
    const { context, page } = await app.newPage(axeContext);
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
    expect(found).toEqual([]);
    await context.close();
  });

  it('shows where the keyboard is: every stop on a visitor’s page has a clear focus ring', async () => {
    const { context, page } = await app.newPage();
    for (const path of ['/', '/login']) {
      await page.goto(app.url(path));
      const rings: string[] = [];
      for (let stop = 0; stop < 12; stop++) {
        await page.keyboard.press('Tab');
        rings.push(
          await page.evaluate(() => {
            const el = document.activeElement as HTMLElement;
            const style = getComputedStyle(el);
            // The app's own ring is 3 px; Bootstrap's buttons and fields draw theirs as a
            // shadow. The browser's default (1 px, or none) is too faint to count.
            const outline =
              style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
            const shadow = style.boxShadow !== 'none';
            const name = `${el.tagName.toLowerCase()} “${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}”`;
            return `${name}: ${outline || shadow ? 'ring' : `no ring (${style.outline})`}`;
          }),
        );
      }
      expect(
        rings.filter((ring) => !ring.endsWith(': ring')),
        path,
      ).toEqual([]);
    }
    await context.close();
  });

  it('finds nothing on the pages a member uses, light and dark', {
    timeout: PAGES_TIMEOUT,
  }, async () => {
    const { context, page } = await app.newPage(axeContext);
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
    expect(found).toEqual([]);
    await context.close();
  });

  it('finds nothing on the staff console, light and dark', { timeout: PAGES_TIMEOUT }, async () => {
    const { context, page } = await app.newPage(axeContext);
    await logInThroughUi(page, app.server.url, {
      email: 'admin@amora.test',
      password: DEMO.password,
    });
    // Something in the queues: the demo member reports a member with their conversation.
    const demo = await app.newPage();
    await logInThroughUi(demo.page, app.server.url, DEMO);
    const search = await (
      await demo.context.request.get(app.url('/api/search.php?searchAllCountries=1'))
    ).json();
    const other = search.profiles[0].id;
    await demo.context.request.post(app.url('/api/report.php'), {
      headers: { 'x-app-package': 'e2e' },
      data: { profile: other, reason: 'spam' },
    });
    // And a paid order, so its page shows the provider's events and the refund form.
    const placed = await demo.context.request.post(app.url('/api/orders.php'), {
      headers: { 'x-app-package': 'e2e' },
      data: { product: 'credits-20', method: 'card', waive_withdrawal: true },
    });
    const orderId = (await placed.json()).order.id as string;
    const paid = await demo.context.request.post(app.url(`/_pay/demo/${orderId}`), {
      form: { outcome: 'paid' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    await demo.context.close();
    const found: string[] = [];
    for (const path of [
      '/admin',
      '/admin/photos',
      '/admin/verifications',
      '/admin/held',
      '/admin/members',
      `/admin/members/${other}`,
      '/admin/audit',
      '/admin/staff',
      '/admin/settings',
      '/admin/orders',
      `/admin/orders/${orderId}`,
      '/admin/codes',
      '/admin/dashboard',
    ]) {
      found.push(...(await violations(page, path)));
    }
    expect(found).toEqual([]);
    await context.close();
  });
});
