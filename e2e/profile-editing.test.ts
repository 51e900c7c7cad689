import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, sharedApp } from './support/app-fixture.js';
import { signUpViaApi } from './support/members.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

/** Geolocation only: notifications are then denied, so no push prompt comes first. */
const noPush = { permissions: ['geolocation'] };

const photo = (colour: string) =>
  sharp({ create: { width: 400, height: 500, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

async function ownProfile(page: Page) {
  const res = await page.request.get(app.url('/api/user.php'));
  return (await res.json()).user.profile as {
    name: string;
    main_image: { id: number } | null;
    images: { id: number }[];
    fields: Record<string, string>;
    interests: string[];
    city: string | null;
    notes: Record<string, string>;
  };
}

describe('the own profile page', () => {
  it('prompts for what is missing, one at a time, and edits every part of the profile', async () => {
    const { context, page } = await app.newPage(noPush);
    const member = await signUpViaApi(context, app.server.url, { name: 'Robin' });
    await page.goto(app.url('/members'));

    const prompt = page.getByRole('complementary', { name: 'Add a profile photo' });
    await prompt.waitFor();
    await expect.poll(() => page.locator('.member-prompt').count()).toBe(1);
    await prompt.getByRole('button', { name: 'Not now' }).click();
    const location = page.getByRole('complementary', { name: 'Where do you live?' });
    await location.getByRole('link', { name: 'Set location' }).click();
    await page.waitForURL(/\/profile#location$/);

    await page.getByLabel('Display name').fill('Robin Updated');
    await page.getByText('Woman', { exact: true }).click();
    await page.getByLabel('Day').selectOption('12');
    await page.getByLabel('Month').selectOption('5');
    await page.getByLabel('Year').selectOption('1990');
    await page.getByLabel('Eye colour').selectOption({ label: 'Green' });
    const details = page.getByRole('region', { name: 'About you' });
    await details.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved', { exact: true }).first().waitFor();

    const place = page.getByRole('region', { name: 'Location' });
    await place.getByLabel('Region').selectOption({ index: 1 });
    await place.getByLabel('City or town').fill('Utrecht');
    await place.getByRole('button', { name: 'Save' }).click();

    const about = page.getByRole('region', { name: 'About me' });
    await about.getByLabel('About me').fill('I love long walks along the canals.');
    await about.getByRole('button', { name: 'Save' }).click();

    const interests = page.getByRole('region', { name: 'Interests' });
    await interests.getByRole('button', { name: 'Music' }).click();
    await expect
      .poll(() => interests.getByRole('button', { name: 'Music' }).getAttribute('aria-pressed'))
      .toBe('true');
    await interests.getByRole('button', { name: 'Save' }).click();

    await expect
      .poll(async () => {
        const p = await ownProfile(page);
        return [p.name, p.fields.eye_color, p.city, p.notes.personal, p.interests.join()];
      })
      .toEqual([
        'Robin Updated',
        'green',
        'Utrecht',
        'I love long walks along the canals.',
        'music',
      ]);

    // Nothing is lost on reload, and a field can be cleared again.
    await page.reload();
    expect(await page.getByLabel('Display name').inputValue()).toBe('Robin Updated');
    await page.getByLabel('Eye colour').selectOption({ label: 'Rather not say' });
    await page
      .getByRole('region', { name: 'About you' })
      .getByRole('button', { name: 'Save' })
      .click();
    await expect.poll(async () => (await ownProfile(page)).fields.eye_color).toBeUndefined();

    // An invalid name is refused in place and nothing is sent.
    await page.getByLabel('Display name').fill('@robin');
    await page
      .getByRole('region', { name: 'About you' })
      .getByRole('button', { name: 'Save' })
      .click();
    await page.getByText('Your name cannot start with @').waitFor();
    expect((await ownProfile(page)).name).toBe('Robin Updated');

    await page.getByRole('link', { name: 'View as others see it' }).click();
    await page.waitForURL(new RegExp(`/members/${member.id}$`));
    await page.getByRole('heading', { level: 1, name: /Robin Updated/ }).waitFor();
    await page.getByText('I love long walks along the canals.').waitFor();
    await context.close();
  });

  it('adds photos, chooses the main one, reorders and removes them', async () => {
    const { context, page } = await app.newPage(noPush);
    await signUpViaApi(context, app.server.url);
    await page.goto(app.url('/profile'));
    const photos = page.getByRole('region', { name: 'Photos' });
    await photos.getByText('0 of 12 photos', { exact: false }).waitFor();

    await photos.getByLabel('Add photos').setInputFiles([
      { name: 'red.jpg', mimeType: 'image/jpeg', buffer: await photo('#c0392b') },
      { name: 'green.jpg', mimeType: 'image/jpeg', buffer: await photo('#27ae60') },
      { name: 'blue.jpg', mimeType: 'image/jpeg', buffer: await photo('#2980b9') },
    ]);
    await photos.getByText('3 of 12 photos', { exact: false }).waitFor();
    const [first, second, third] = (await ownProfile(page)).images.map((i) => i.id);
    expect((await ownProfile(page)).main_image?.id).toBe(first);

    await photos.getByRole('button', { name: 'Make photo 3 the main photo' }).click();
    await expect.poll(async () => (await ownProfile(page)).main_image?.id).toBe(third);
    await expect
      .poll(() =>
        photos
          .getByRole('button', { name: 'Make photo 3 the main photo' })
          .getAttribute('aria-pressed'),
      )
      .toBe('true');

    await photos.getByRole('button', { name: 'Move photo 3 earlier' }).click();
    await expect
      .poll(async () => (await ownProfile(page)).images.map((i) => i.id))
      .toEqual([first, third, second]);

    await photos.getByRole('button', { name: 'Remove photo 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this photo?' });
    await dialog.getByRole('button', { name: 'Remove photo' }).click();
    await photos.getByText('2 of 12 photos', { exact: false }).waitFor();
    expect((await ownProfile(page)).images.map((i) => i.id)).toEqual([third, second]);
    await context.close();
  });

  it('speaks German for a German member', async () => {
    const { context, page } = await app.newPage(noPush);
    await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: app.server.url }]);
    await signUpViaApi(context, app.server.url, { language: 'de' });
    await page.goto(app.url('/profile'));
    await page.getByRole('heading', { level: 1, name: 'Mein Profil' }).waitFor();
    const details = page.getByRole('region', { name: 'Über dich' });
    await details.getByLabel('Anzeigename').fill('Kim');
    await page.getByText('Frau', { exact: true }).click();
    await page.getByLabel('Tag').selectOption('3');
    await page.getByLabel('Monat').selectOption('7');
    await page.getByLabel('Jahr').selectOption('1985');
    await details.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Gespeichert', { exact: true }).first().waitFor();
    await page
      .getByRole('region', { name: 'Fotos' })
      .getByText('0 von 12 Fotos', { exact: false })
      .waitFor();
    await context.close();
  });
});
