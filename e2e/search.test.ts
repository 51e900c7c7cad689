import { signupCsrf } from '@amora/shared/rules/signup-csrf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, logInThroughUi, sharedApp } from './support/app-fixture.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

describe('member search in the browser', () => {
  it('lists members with partner tiles, and the filters go to the server', async () => {
    const { context, page } = await app.newPage();
    await logInThroughUi(page, app.server.url);
    await expect.poll(() => page.locator('.member-card').count()).toBeGreaterThan(0);
    const searches: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/search.php')) searches.push(new URL(r.url()));
    });
    await page.getByLabel('Country').selectOption('*');
    await page.getByLabel('Looking for').selectOption('female');
    await page.getByLabel('Age', { exact: true }).selectOption('26_35');
    await expect
      .poll(() =>
        searches.some(
          (u) =>
            u.searchParams.get('gender') === 'female' &&
            u.searchParams.get('min_age') === '26' &&
            u.searchParams.get('max_age') === '35',
        ),
      )
      .toBe(true);
    const last = searches.at(-1)!;
    expect(last.searchParams.get('searchAllCountries')).toBe('1');
    expect(last.searchParams.get('manual_search')).toBe('1');
    await expect.poll(() => page.locator('.member-card, .empty-state').count()).toBeGreaterThan(0);
    // The demo member signed up long ago and does not pay: webcam tiles at slot 1 of 12.
    await page.getByLabel('Age', { exact: true }).selectOption('all');
    await expect.poll(() => page.locator('.partner-tile').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('likes at once and undoes the like with a message when the server fails', async () => {
    const { context, page } = await app.newPage();
    await logInThroughUi(page, app.server.url);
    const like = page.locator('.like-button').first();
    await like.waitFor();
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    // The button turns at once; the server has the like once its answer is in.
    await expect
      .poll(async () => {
        const likes = await (await page.request.get(app.url('/api/likes.php'))).json();
        return likes.profiles.length;
      })
      .toBe(1);

    await page.route('**/api/likes.php', (route) =>
      route.request().method() === 'GET'
        ? route.continue()
        : route.fulfill({ status: 503, json: { error: { code: 'down', message: 'down' } } }),
    );
    await like.click();
    await expect
      .poll(() => page.getByText('That did not work. Please try again.').isVisible())
      .toBe(true);
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });

  it('shows a new like in the navigation and on the app badge, until the liker is viewed', async () => {
    // Another member signs up (through the API, as the form does) and likes the demo member.
    const liker = await app.browser.newContext();
    const headers = { 'x-app-package': 'e2e' };
    const email = `liker.${Date.now()}@example.com`;
    const { token } = await (
      await liker.request.get(app.url(`/api/validate_email.php?email=${email}`))
    ).json();
    const csrf = signupCsrf(token, email);
    const signup = await liker.request.post(app.url('/api/user.php?new=1'), {
      headers,
      data: {
        email,
        name: 'Liker',
        password: 'a-good-password',
        country: 'NL',
        language: 'en',
        csrf,
        token,
      },
    });
    expect(signup.status()).toBe(200);
    const likerId = (await signup.json()).user.id;
    // Only activated members are shown to others: follow the link in the activation mail.
    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      const mailbox = await (await liker.request.get(app.url('/_dev/mailbox'))).text();
      const mail = mailbox.split('<li class="mail"').find((item) => item.includes(email));
      link = mail ? /href="(https?:[^"]*activ[^"]*)"/.exec(mail)?.[1] : undefined;
      if (!link) await new Promise((r) => setTimeout(r, 200));
    }
    expect(link).toBeTruthy();
    await liker.request.get(
      app.url(
        new URL(link!.replaceAll('&amp;', '&')).pathname +
          new URL(link!.replaceAll('&amp;', '&')).search,
      ),
    );

    const { context, page } = await app.newPage();
    await context.addInitScript(() => {
      const calls: number[] = [];
      Object.assign(window, { badgeCalls: calls });
      Object.assign(navigator, {
        setAppBadge: async (n?: number) => void calls.push(n ?? 0),
        clearAppBadge: async () => void calls.push(0),
      });
    });
    await logInThroughUi(page, app.server.url);
    const demoId = (await (await page.request.get(app.url('/api/user.php'))).json()).user.id;
    expect(
      (
        await liker.request.post(app.url('/api/likes.php'), { headers, data: { profile: demoId } })
      ).status(),
    ).toBe(200);

    await page.reload();
    const likesLink = page
      .getByRole('navigation', { name: 'Main navigation' })
      .first()
      .getByRole('link', { name: /Likes/ });
    await expect.poll(() => likesLink.textContent()).toContain('1 new like');
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { badgeCalls: number[] }).badgeCalls.at(-1)),
      )
      .toBe(1);

    await page.goto(app.url(`/likes/m/${likerId}`));
    await expect.poll(() => page.locator('h1').textContent()).toContain('Liker');
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { badgeCalls: number[] }).badgeCalls.at(-1)),
      )
      .toBe(0);
    const likes = await (await page.request.get(app.url('/api/likes.php'))).json();
    expect(likes.liked_by).toEqual([expect.objectContaining({ id: likerId, like_new: false })]);
    await liker.close();
    await context.close();
  });

  it('pages through the results', async () => {
    const { context, page } = await app.newPage();
    await logInThroughUi(page, app.server.url);
    // Earlier tests leave a remembered search (women, 26-35): widen every filter.
    await page.getByLabel('Country').selectOption('*');
    await page.getByLabel('Looking for').selectOption('');
    await page.getByLabel('Age', { exact: true }).selectOption('all');
    // Each change searches again: the count below is of the last search's first page.
    await page.waitForLoadState('networkidle');
    await expect
      .poll(() => page.locator('.member-card:not(.partner-tile)').count())
      .toBeGreaterThanOrEqual(12);
    const before = await page.locator('.member-card:not(.partner-tile)').count();
    // From the keyboard: bringing the button into view may also start loading on its own
    // (auto_load), which a pointer click would have to wait out.
    await page.getByRole('button', { name: 'Show more members' }).press('Enter');
    await expect
      .poll(() => page.locator('.member-card:not(.partner-tile)').count())
      .toBeGreaterThan(before);
    await context.close();
  });
});
