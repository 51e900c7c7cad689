import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, logInThroughUi, sharedApp } from './support/app-fixture.js';

const SKIPPED_FLAG = 'amora.skippedSiteEntryWarning';
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

const panelOf = (page: Page) => page.getByRole('region', { name: 'Developer panel' });
const localValue = (page: Page, key: string) =>
  page.evaluate((name) => localStorage.getItem(name), key);
const cookieValue = async (context: BrowserContext, name: string) =>
  (await context.cookies()).find((cookie) => cookie.name === name)?.value;

describe('the developer panel', () => {
  it('opens from /_dev and its three buttons work', async () => {
    const { context, page } = await app.newPage();
    await logInThroughUi(page, app.server.url);
    // A visitor who skipped the site-entry warning carries its flag in a cookie and storage.
    await context.addCookies([{ name: SKIPPED_FLAG, value: '1', url: app.server.url }]);
    await page.evaluate((key) => localStorage.setItem(key, '1'), SKIPPED_FLAG);

    await page.goto(app.url('/_dev'));
    // On to /, which sends a member on to /members: the goto may return after both.
    await page.waitForURL((url) => ['/', '/members'].includes(url.pathname));
    expect(await localValue(page, 'amora.devPanel')).toBe('1');
    const panel = panelOf(page);
    await panel.waitFor();

    // Set my credits to zero: a toast, the balance, and the ledger's adjustment row.
    await expect.poll(() => panel.getByText(/^My credits: \d+$/).count()).toBe(1);
    expect(await panel.getByText('My credits: 0', { exact: true }).count()).toBe(0);
    await panel.getByRole('button', { name: 'Set my credits to zero' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your credits are now 0.' }).waitFor();
    await panel.getByText('My credits: 0', { exact: true }).waitFor();
    const credits = await (await page.request.get(app.url('/api/credits.php'))).json();
    expect(credits.credits).toBe(0);
    expect(credits.ledger[0]).toMatchObject({ reason: 'adjustment' });
    expect(credits.ledger[0].amount).toBeLessThan(0);

    // Delete the skipped-site-entry-warning flag: gone from the cookie and from storage.
    await panel.getByText('The site-entry warning is skipped.').waitFor();
    await panel.getByRole('button', { name: 'Delete the skipped-warning flag' }).click();
    await panel.getByText('The site-entry warning shows.').waitFor();
    expect(await cookieValue(context, SKIPPED_FLAG)).toBeUndefined();
    expect(await localValue(page, SKIPPED_FLAG)).toBeNull();

    // Switch the design version: a root class that sizes the theme, kept over a reload.
    const rootFontSize = () =>
      page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
    expect(await page.evaluate(() => document.documentElement.className)).toContain(
      'design-classic',
    );
    const classicSize = await rootFontSize();
    await panel.getByRole('button', { name: 'Switch to Classic compact' }).click();
    await page.reload();
    await panelOf(page).waitFor();
    const classes = await page.evaluate(() => [...document.documentElement.classList]);
    expect(classes).toContain('design-classic-compact');
    expect(classes).not.toContain('design-classic');
    expect(await localValue(page, 'amora.design')).toBe('classic-compact');
    expect(await rootFontSize()).toBeLessThan(classicSize);
    await panelOf(page).getByText('Design: Classic compact').waitFor();

    // Closing it removes the flag; the next page has no panel.
    await panelOf(page).getByRole('button', { name: 'Close the developer panel' }).click();
    await expect.poll(() => panelOf(page).count()).toBe(0);
    expect(await localValue(page, 'amora.devPanel')).toBeNull();
    await page.reload();
    await page.getByRole('link', { name: /Amora/ }).first().waitFor();
    expect(await panelOf(page).count()).toBe(0);
    await context.close();
  });

  it('is not downloaded by visitors, and offers no credits button to them', async () => {
    const { context, page } = await app.newPage();
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(request.url()));
    await page.goto(app.url('/'));
    await page.getByRole('link', { name: /Amora/ }).first().waitFor();
    expect(await panelOf(page).count()).toBe(0);
    expect(loaded.filter((url) => url.includes('dev-panel'))).toEqual([]);

    await page.goto(app.url('/_dev'));
    await page.waitForURL(app.url('/'));
    const panel = panelOf(page);
    await panel.getByRole('button', { name: 'Delete the skipped-warning flag' }).waitFor();
    expect(await panel.getByRole('button', { name: 'Set my credits to zero' }).count()).toBe(0);
    expect(await page.evaluate(() => [...document.documentElement.classList])).toContain(
      'design-classic',
    );
    await context.close();
  });

  it('passes axe-core (WCAG 2.1 AA) on the panel, light and dark, open and folded', async () => {
    const { context, page } = await app.newPage({ bypassCSP: true, reducedMotion: 'reduce' });
    await logInThroughUi(page, app.server.url);
    await page.goto(app.url('/_dev'));
    // On to /, which sends a member on to /members: the goto may return after both.
    await page.waitForURL((url) => ['/', '/members'].includes(url.pathname));
    const panel = panelOf(page);
    await panel.getByRole('button', { name: 'Set my credits to zero' }).waitFor();
    await page.addScriptTag({ path: AXE });
    const found: string[] = [];
    for (const folded of [false, true]) {
      if (folded) await panel.getByRole('button', { name: 'Developer panel', exact: true }).click();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        // The app follows the system colour mode by an event: axe reads the page after it.
        await expect
          .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-bs-theme')))
          .toBe(colorScheme);
        await page.waitForTimeout(300);
        const result = await page.evaluate(() =>
          // biome-ignore lint/suspicious/noExplicitAny: axe-core installs itself on window.
          (window as any).axe.run(
            { include: [['.dev-panel']] },
            { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
          ),
        );
        for (const v of result.violations as { id: string; nodes: { target: string[] }[] }[])
          for (const n of v.nodes) found.push(`${colorScheme}: ${v.id} at ${n.target.join(' ')}`);
      }
    }
    expect(found).toEqual([]);
    expect(
      await panel
        .getByRole('button', { name: 'Developer panel', exact: true })
        .getAttribute('aria-expanded'),
    ).toBe('false');
    await context.close();
  });
});
