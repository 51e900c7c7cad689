import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { VerificationState } from '@amora/shared/schemas/verification';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type App,
  DEMO,
  logInThroughUi,
  sharedApp,
  untilTheAppTakesOver,
} from './support/app-fixture.js';
import { connectBrowser } from './support/browser.js';
import { activateViaMailbox, signUpViaApi } from './support/members.js';

const require = createRequire(import.meta.url);
const sample3 = join(
  dirname(require.resolve('@vladmandic/face-api/package.json')),
  'demo',
  'sample3.jpg',
);

/**
 * One face of the package's group photo: the box of its clearest face as the server's face
 * detector finds it (x 584, y 328, 200 × 272; see face-detector.test.ts), with room around it.
 */
const oneFace = () =>
  sharp(sample3)
    .extract({ left: 504, top: 192, width: 360, height: 540 })
    .resize({ width: 480, height: 720 });

/**
 * A one-frame YUV4MPEG2 video of that face, which Chromium's fake camera plays in a loop:
 * a text header, then each frame as `FRAME` and its I420 planes (full-range BT.601, the
 * `C420jpeg` of the header, chroma averaged over 2 × 2 pixels).
 */
async function faceVideo(file: string) {
  const { data, info } = await oneFace().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const y = Buffer.alloc(w * h);
  const u = Buffer.alloc((w / 2) * (h / 2));
  const v = Buffer.alloc((w / 2) * (h / 2));
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  const rgb = (px: number, py: number) => {
    const i = (py * w + px) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
  };
  for (let py = 0; py < h; py += 1) {
    for (let px = 0; px < w; px += 1) {
      const [r, g, b] = rgb(px, py);
      y[py * w + px] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  for (let cy = 0; cy < h / 2; cy += 1) {
    for (let cx = 0; cx < w / 2; cx += 1) {
      let [r, g, b] = [0, 0, 0];
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const [pr, pg, pb] = rgb(cx * 2 + dx, cy * 2 + dy);
        r += pr / 4;
        g += pg / 4;
        b += pb / 4;
      }
      u[cy * (w / 2) + cx] = clamp(-0.168736 * r - 0.331264 * g + 0.5 * b + 128);
      v[cy * (w / 2) + cx] = clamp(0.5 * r - 0.418688 * g - 0.081312 * b + 128);
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${w} H${h} F25:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, Buffer.from('FRAME\n'), y, u, v]));
}

const work = mkdtempSync(join(tmpdir(), 'amora-verification-'));
const video = join(work, 'face.y4m');
let app: App;
beforeAll(async () => {
  await faceVideo(video);
  // A Chromium of this file's own, whose front camera films the face and asks nobody.
  app = await sharedApp({
    browserArgs: [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
});
afterAll(async () => {
  await app?.close();
  rmSync(work, { recursive: true, force: true });
});

const headers = { 'x-app-package': 'e2e' };
const ADMIN = { email: 'admin@amora.test', password: DEMO.password };

interface Member {
  context: BrowserContext;
  page: Page;
  id: number;
}

async function newMember(
  name: string,
  language: 'en' | 'de' = 'en',
  country = 'NL',
): Promise<Member> {
  const { context, page } = await app.newPage({
    viewport: { width: 390, height: 844 },
    locale: language === 'de' ? 'de-DE' : 'en-US',
  });
  const account = await signUpViaApi(context, app.server.url, { name, language, country });
  await activateViaMailbox(context, app.server.url, account.email);
  return { context, page, id: account.id };
}

const photo = () => oneFace().jpeg().toBuffer();

async function addPhoto(member: Member) {
  const upload = await member.context.request.post(app.url('/api/profileimage.php'), {
    headers,
    multipart: { file: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo() } },
  });
  expect(upload.status()).toBe(200);
}

const verification = async (member: Member) =>
  (await (
    await member.context.request.get(app.url('/api/verification.php'))
  ).json()) as VerificationState;

describe('verification in the browser', () => {
  it('takes a selfie in the assigned pose with the front camera; a moderator approves it, the badge shows, the filter finds her and her setting turns an unverified writer away; another is rejected with a reason she reads in her language', async () => {
    // A member with a profile photo (the shared server screens nothing: it counts as looked at).
    const member = await newMember('Vera', 'en', 'NZ');
    await addPhoto(member);
    // Findable in a search: a date of birth, and a country few demo members live in.
    const details = await member.context.request.put(app.url('/api/user.php'), {
      headers,
      data: { profile: { date_of_birth: '1990-05-20', gender: 'female' } },
    });
    expect(details.status()).toBe(200);

    // The own profile prompts until done, and leads to the profile page's card.
    const { page } = member;
    await page.goto(app.url(`/members/${member.id}`));
    await page.getByRole('heading', { name: 'Get the verified badge' }).waitFor();
    await page.getByRole('link', { name: 'Get verified' }).click();
    await page.waitForURL(/\/profile#verification$/);
    const card = page.getByRole('region', { name: 'Verification' });
    await card.getByText('Not verified yet').waitFor();

    // Consent first: what is kept, how long, who sees it.
    await card.getByRole('button', { name: 'Get verified' }).click();
    const consent = card.getByRole('heading', { name: 'Before you take the selfie' });
    await expect.poll(() => consent.evaluate((el) => el === document.activeElement)).toBe(true);
    await card.getByText('30 days after a moderator has decided').waitFor();
    await card.getByText('Only our moderators see it.').waitFor();
    await card.getByRole('button', { name: 'I agree, continue' }).click();

    // The pose the server assigned, as a drawing whose text is also written out.
    const { pose } = await verification(member);
    expect(pose).not.toBeNull();
    const drawing = card.getByRole('img', { name: pose!.text });
    expect(await drawing.getAttribute('src')).toBe(pose!.image);
    await card.locator('figcaption', { hasText: pose!.text }).waitFor();

    // The live camera, a selfie, a retake, and the selfie sent.

    await card.getByRole('status').getByText('The camera is on.', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Take selfie' }).click();
    await card.getByRole('img', { name: 'Your selfie' }).waitFor();
    await card.getByRole('button', { name: 'Take again' }).click();
    await card.getByRole('button', { name: 'Take selfie' }).click();
    // The camera is off while the selfie shows: its tracks were stopped.
    await card.getByRole('img', { name: 'Your selfie' }).waitFor();
    expect(await card.locator('video').count()).toBe(0);
    await card.getByRole('button', { name: 'Send selfie' }).click();
    await card.getByText('Waiting for a moderator').waitFor();
    expect((await verification(member)).status).toBe('pending');
    // Nothing more to do: the own profile stops prompting.
    await page.goto(app.url(`/members/${member.id}`));
    await page.getByRole('link', { name: 'Edit my profile' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Get the verified badge' }).count()).toBe(0);

    // The admin makes a new member a moderator, who approves the selfie by its shortcut.
    const admin = await app.newPage({ viewport: { width: 1280, height: 900 } });
    await logInThroughUi(admin.page, app.server.url, ADMIN);
    const moderator = await newMember('Morgan');
    await admin.page.goto(app.url('/admin/staff'));
    await admin.page.getByLabel('Member id').fill(String(moderator.id));
    await admin.page.getByRole('button', { name: 'Make moderator' }).click();
    await admin.page.getByRole('link', { name: /Morgan/ }).waitFor();
    await admin.context.close();

    const staff = moderator.page;
    await staff.goto(app.url('/admin'));
    await staff.getByRole('link', { name: 'Verifications' }).click();
    const queue = staff.getByRole('region', { name: /Verifications/ });
    await queue.getByRole('link', { name: /Vera/ }).waitFor();
    const selfie = queue.getByRole('img', { name: 'Selfie of Vera' });
    await expect
      .poll(() => selfie.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await queue.getByRole('img', { name: pose!.text }).waitFor();
    await queue.getByRole('img', { name: 'Profile photo 1 of Vera' }).waitFor();
    await staff.keyboard.press('a');
    await queue.getByText('No selfies waiting for review.').waitFor();

    expect((await verification(member)).status).toBe('verified');
    // The badge on the profile others see, and the card's status on the own profile page.
    await page.goto(app.url(`/members/${member.id}`));
    await page.getByRole('article').getByText('Verified', { exact: true }).waitFor();
    await page.goto(app.url('/profile'));
    await page
      .getByRole('region', { name: 'Verification' })
      .getByText('Verified', { exact: true })
      .waitFor();

    // "Verified members only" finds her.
    const searcher = await newMember('Sam');
    // On a desktop, where the search's filters show beside the results.
    await searcher.page.setViewportSize({ width: 1280, height: 900 });
    await searcher.page.goto(app.url('/members'));
    await searcher.page.getByLabel('Country').selectOption('NZ');
    await searcher.page.getByLabel('Verified members only').check();
    const vera = searcher.page.locator('article.member-card', {
      has: searcher.page.locator(`a[href="/members/${member.id}"]`),
    });
    await vera.getByRole('link', { name: /^Vera, \d+ Verified$/ }).waitFor();

    // She hears from verified members only: Sam, not verified, is offered verification.
    await page.goto(app.url('/profile'));
    await page.getByLabel('Only verified members may write to me').check();
    await expect
      .poll(
        async () =>
          (await (await member.context.request.get(app.url('/api/user.php'))).json()).user.settings
            .verified_contact_only,
      )
      .toBe(true);
    await searcher.page.goto(app.url(`/members/${member.id}`));
    await searcher.page.getByRole('button', { name: 'Send a message' }).click();
    await searcher.page
      .getByRole('dialog', { name: 'Only verified members can write here' })
      .waitFor();
    await searcher.context.close();

    // A rejection: the member reads the reason the moderator chose in their own language.
    const rita = await newMember('Rita', 'de');
    await addPhoto(rita);
    const sent = await rita.context.request.post(app.url('/api/verification.php'), {
      headers,
      multipart: {
        file: { name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await photo() },
        pose: (await verification(rita)).pose!.id,
      },
    });
    expect(sent.status()).toBe(202);
    await staff.reload();
    await queue.getByRole('link', { name: /Rita/ }).waitFor();
    await queue.getByLabel('Reason if rejected').selectOption('face_not_visible');
    await queue.getByRole('button', { name: /Reject/ }).click();
    await queue.getByText('No selfies waiting for review.').waitFor();
    await rita.page.goto(app.url('/profile'));
    const ritaCard = rita.page.getByRole('region', { name: 'Verifizierung' });
    await ritaCard
      .getByText('Dein Gesicht ist auf dem Selfie nicht deutlich zu sehen.', { exact: false })
      .waitFor();
    await ritaCard.getByRole('button', { name: 'Jetzt verifizieren' }).waitFor();
  });

  it('offers the file input of the phone’s front camera where no camera can be opened', async () => {
    // The worker's shared Chromium, which has no camera at all.
    const browser = await connectBrowser();
    const context = await browser.newContext({
      locale: 'en-US',
      serviceWorkers: 'block',
      viewport: { width: 390, height: 844 },
    });
    const account = await signUpViaApi(context, app.server.url, { name: 'Nina' });
    await activateViaMailbox(context, app.server.url, account.email);
    const member = { context, page: untilTheAppTakesOver(await context.newPage()), id: account.id };
    await addPhoto(member);
    const { page } = member;
    await page.goto(app.url('/profile'));
    const card = page.getByRole('region', { name: 'Verification' });
    await card.getByRole('button', { name: 'Get verified' }).click();
    await card.getByRole('button', { name: 'I agree, continue' }).click();
    await card.getByText('The camera could not be opened.', { exact: false }).first().waitFor();
    const input = card.getByLabel('Take or choose a selfie');
    expect(await input.getAttribute('accept')).toBe('image/*');
    expect(await input.getAttribute('capture')).toBe('user');
    await input.setInputFiles({
      name: 'selfie.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    });
    await card.getByRole('img', { name: 'Your selfie' }).waitFor();
    await card.getByRole('button', { name: 'Send selfie' }).click();
    await card.getByText('Waiting for a moderator').waitFor();
    expect((await verification(member)).status).toBe('pending');
    await browser.close();
  });
});
