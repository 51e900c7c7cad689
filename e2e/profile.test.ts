import type { PublicProfile } from '@amora/shared/schemas/profile';
import type { APIRequestContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, DEMO, logInThroughUi, sharedApp } from './support/app-fixture.js';

let app: App;
/** Seeded members as a logged-in search lists them, and those of them with similar members. */
let members: PublicProfile[] = [];
let withSimilar: { profile: PublicProfile; similar: PublicProfile[] } | null = null;

beforeAll(async () => {
  // Enough members that some of them have similar ones (same gender, age ±5, nearby country).
  app = await sharedApp();
  const { context } = await app.newPage();
  const request = context.request;
  const login = await request.post(app.url('/api/login.php'), {
    data: DEMO,
    headers: { 'x-app-package': 'e2e' },
  });
  expect(login.status()).toBe(200);
  for (let page = 1; page <= 5; page += 1) {
    const res = await request.get(app.url(`/api/search.php?searchAllCountries=1&page=${page}`));
    expect(res.status()).toBe(200);
    members.push(...(await res.json()).profiles);
  }
  members = members.filter((m) => m.main_image !== null && m.age !== null);
  expect(members.length).toBeGreaterThan(0);
  for (const profile of members) {
    const similar = await similarOf(request, profile.id);
    if (similar.length > 0) {
      withSimilar = { profile, similar };
      break;
    }
  }
  await context.close();
});
afterAll(() => app?.close());

async function similarOf(request: APIRequestContext, id: number): Promise<PublicProfile[]> {
  const res = await request.get(app.url(`/api/similar.php?id=${id}`));
  expect(res.status()).toBe(200);
  return (await res.json()).profiles;
}

const first = () => members[0]!;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The gallery's main photo of a member: its alt text starts "Name, photo 1 of". */
const photoName = (name: string) => new RegExp(`^${escapeRegExp(name)}, photo 1 of`);

describe('member profile', () => {
  it('shows a visitor the name, age and photo, and invites them to sign up', async () => {
    const member = first();
    const { context, page } = await app.newPage();
    const response = await page.goto(app.url(`/members/${member.id}`));
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.locator('h1').textContent()).toBe(`${member.name}, ${member.age}`);
    const photo = page.getByRole('img', { name: photoName(member.name) });
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await photo.getAttribute('src')).toContain(member.main_image!.filename);
    await expect
      .poll(() =>
        page
          .getByRole('heading', { name: `Would you like to get to know ${member.name}?` })
          .isVisible(),
      )
      .toBe(true);
    const signup = page.getByRole('link', { name: 'Sign up for free' }).first();
    expect(await signup.getAttribute('href')).toBe('/signup');
    // Nothing to press for a visitor: the like and message buttons are for members.
    expect(await page.getByRole('button', { name: 'Like', exact: true }).count()).toBe(0);
    await signup.click();
    await page.waitForURL(/\/signup$/);
    await context.close();
  });

  it('lets a member like from the profile, and lists the member under likes', async () => {
    const member = first();
    const { context, page } = await app.newPage();
    await logInThroughUi(page, app.server.url);
    await page.goto(app.url(`/members/${member.id}`));
    const like = page.locator('.profile-actions').getByRole('button', { name: /^Like/ });
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect(await like.textContent()).toBe('Liked');
    const likedIds = async () => {
      const res = await page.request.get(app.url('/api/likes.php'));
      return ((await res.json()).profiles as PublicProfile[]).map((p) => p.id);
    };
    await expect.poll(likedIds).toContain(member.id);

    // Still liked after a reload; a second press takes the like back.
    await page.reload();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(likedIds).not.toContain(member.id);
    expect(
      await page
        .locator('.profile-actions')
        .getByRole('button', { name: 'Send a message' })
        .isVisible(),
    ).toBe(true);
    await context.close();
  });

  it('shows similar members and opens their profiles', async () => {
    const { context, page } = await app.newPage();
    await logInThroughUi(page, app.server.url);
    const target = withSimilar ?? { profile: first(), similar: [] };
    await page.goto(app.url(`/members/${target.profile.id}`));
    const section = page.getByRole('region', { name: 'Similar members' });
    await expect.poll(() => section.isVisible()).toBe(true);
    if (target.similar.length === 0) {
      await expect
        .poll(() => section.getByRole('heading', { name: 'No similar members right now' }).count())
        .toBe(1);
      await context.close();
      return;
    }
    const cards = section.locator('.member-card');
    await expect.poll(() => cards.count()).toBe(target.similar.length);
    const next = target.similar[0]!;
    expect(await cards.first().textContent()).toContain(next.name);
    await section
      .getByRole('link', { name: `View the profile of ${next.name}` })
      .first()
      .click();
    await page.waitForURL(new RegExp(`/members/${next.id}$`));
    await expect.poll(() => page.locator('h1').textContent()).toBe(`${next.name}, ${next.age}`);
    // Its similar members in turn, as the API lists them.
    const nextSimilar = await similarOf(page.request, next.id);
    await expect.poll(() => section.locator('.member-card').count()).toBe(nextSimilar.length);
    await context.close();
  });

  it('shows the not-found view for a member who does not exist', async () => {
    const { context, page } = await app.newPage();
    await logInThroughUi(page, app.server.url);
    await page.goto(app.url('/members/999999'));
    await expect
      .poll(() => page.locator('h1').textContent())
      .toBe('Page not found: /members/999999');
    await context.close();
  });

  it('shows the same profile on the likes alias /likes/m/:memberId', async () => {
    const member = first();
    const { context, page } = await app.newPage();
    await logInThroughUi(page, app.server.url);
    const response = await page.goto(app.url(`/likes/m/${member.id}`));
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.locator('h1').textContent()).toBe(`${member.name}, ${member.age}`);
    expect(await page.getByRole('link', { name: 'Back to your likes' }).getAttribute('href')).toBe(
      '/likes',
    );
    expect(
      await page.getByRole('img', { name: photoName(member.name) }).getAttribute('src'),
    ).toContain(member.main_image!.filename);
    await context.close();
  });
});

describe('member landing pages', () => {
  it('shows the member beside a signup form that names them', async () => {
    const member = first();
    const { context, page } = await app.newPage();
    for (const path of [
      `/members/${member.id}/signup`,
      `/members/${member.id}/landing`,
      `/members/${member.id}/landing2/spring`,
    ]) {
      const response = await page.goto(app.url(path));
      expect(response?.status(), path).toBe(200);
      await expect
        .poll(() => page.locator('h1').textContent(), { message: path })
        .toBe(`Sign up for free to get in touch with ${member.name}`);
      expect(await page.getByLabel('E-mail address').isVisible()).toBe(true);
      expect(await page.locator('figure').textContent()).toContain(member.name);
    }
    await context.close();
  });
});
