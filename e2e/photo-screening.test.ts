import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, startApp } from './support/app-fixture.js';
import { activateViaMailbox, signUpViaApi } from './support/members.js';

// PHOTO_NUDITY_THRESHOLD=0 flags every photo: no explicit image needs to be in the repository.
let app: App;
beforeAll(async () => {
  app = await startApp({ PHOTO_SCREENING: 'on', PHOTO_NUDITY_THRESHOLD: '0' });
});
afterAll(() => app?.close());

const headers = { 'x-app-package': 'e2e' };
const photo = () =>
  sharp({ create: { width: 600, height: 750, channels: 3, background: '#8e44ad' } })
    .jpeg()
    .toBuffer();

interface OwnImage {
  id: number;
  filename: string;
  thumb_url?: string;
}

async function member(name: string) {
  const { context, page } = await app.newPage({ viewport: { width: 390, height: 844 } });
  const { email, id } = await signUpViaApi(context, app.server.url, { name });
  await activateViaMailbox(context, app.server.url, email);
  // Search lists members with a date of birth.
  const res = await context.request.put(app.url('/api/user.php'), {
    headers,
    data: { profile: { date_of_birth: '1991-04-12', gender: 'female' } },
  });
  expect(res.status()).toBe(200);
  return { context, page, id };
}

describe('photo screening in the browser', () => {
  it('shows "checking", then the blurred copy to others, which a member chooses to see through the app’s link and a hideNudity search leaves out', async () => {
    const owner = await member('Olivia');
    await owner.page.goto(app.url('/profile'));
    const photos = owner.page.getByRole('region', { name: 'Photos' });
    await photos
      .getByLabel('Add photos')
      .setInputFiles([{ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo() }]);
    await photos.getByText('Checking…').waitFor();
    // Screened within seconds: the own profile then says others see it blurred.
    await expect
      .poll(
        async () => {
          await owner.page.reload();
          await photos.getByText('1 of 12 photos', { exact: false }).waitFor();
          return photos.getByText('Blurred for others').count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    const own = (await (await owner.context.request.get(app.url('/api/user.php'))).json()) as {
      user: { profile: { images: OwnImage[] } };
    };
    const original = own.user.profile.images[0]!;

    // A visitor sees the blurred copy and that members may see it.
    const visitor = await app.newPage();
    await visitor.page.goto(app.url(`/members/${owner.id}`));
    await visitor.page.getByText('This photo may show nudity.').waitFor();
    await visitor.page.getByText('Members can choose to see it.').waitFor();
    const visitorSrc = await visitor.page
      .locator('figure.member-photo img')
      .first()
      .getAttribute('src');
    expect(visitorSrc).not.toContain(original.filename);
    await visitor.context.close();

    // The original has no public address (decision 059): the owner sees it through the
    // app's checked link, and its name under /uploads/ finds nothing.
    const ownerPhoto = owner.page.getByRole('region', { name: 'Photos' }).locator('img').first();
    await expect
      .poll(() => ownerPhoto.getAttribute('src'))
      .toBe(`/api/private-media.php?purpose=flagged_original&id=${original.id}&size=thumb`);
    await expect
      .poll(() => ownerPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(
      (await owner.context.request.get(app.url(`/uploads/${original.filename}`))).status(),
    ).toBe(404);

    // Another member's search (hideNudity, from their setting) shows Olivia without the photo.
    const other = await member('Noah');
    const searches: string[] = [];
    other.page.on('request', (r) => {
      if (r.url().includes('/api/search.php')) searches.push(r.url());
    });
    await other.page.goto(app.url('/members'));
    const card = other.page.locator('article.member-card', {
      has: other.page.locator(`a[href="/members/${owner.id}"]`),
    });
    await card.waitFor();
    expect(searches.some((url) => url.includes('hideNudity=1'))).toBe(true);
    expect(await card.locator('.member-photo-empty').count()).toBe(1);
    expect(await card.locator('img').count()).toBe(0);

    // On the profile, showing it is the choice to see such photos, said before it is made.
    await other.page.goto(app.url(`/members/${owner.id}`));
    await other.page.getByText('This photo may show nudity.').waitFor();
    const main = other.page.locator('figure.member-photo img').first();
    expect(await main.getAttribute('src')).not.toContain('private-media');
    const show = other.page.getByRole('button', { name: 'Show such photos' });
    await expect
      .poll(() =>
        show
          .getAttribute('aria-describedby')
          .then((id) => other.page.locator(`[id="${id}"]`).innerText()),
      )
      .toContain('Show flagged photos without blur');
    await show.click();
    await expect
      .poll(() => main.getAttribute('src'))
      .toBe(`/api/private-media.php?purpose=flagged_original&id=${original.id}`);
    await expect
      .poll(() => main.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await other.page.getByText('This photo may show nudity.').count()).toBe(0);

    // The choice is the setting: on in their profile, and turning it off blurs it again.
    await other.page.goto(app.url('/profile#photo-settings'));
    await other.page.waitForLoadState('networkidle');
    const setting = other.page.getByLabel('Show flagged photos without blur');
    expect(await setting.isChecked()).toBe(true);
    await setting.uncheck();
    await expect
      .poll(async () => {
        const res = await other.context.request.get(app.url('/api/user.php'));
        return (await res.json()).user.settings.show_flagged_photos;
      })
      .toBe(false);
    await other.page.goto(app.url(`/members/${owner.id}`));
    await other.page.getByText('This photo may show nudity.').waitFor();
    const link = `/api/private-media.php?purpose=flagged_original&id=${original.id}`;
    expect((await other.context.request.get(app.url(link))).status()).toBe(404);
    await owner.context.close();
    await other.context.close();
  });
});
