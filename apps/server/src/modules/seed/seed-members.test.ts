import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCALES } from '@amora/shared/constants';
import { ageOn } from '@amora/shared/rules/age';
import { INTERESTS, PROFILE_FIELDS } from '@amora/shared/rules/profile-fields';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { LocalObjectStore } from '../media/local-object-store.js';
import { aboutMe } from './about-me.js';
import { DEMO_ACCOUNT_EMAIL, ensureDemoAccount } from './demo-account.js';
import { createRng } from './random.js';
import { DEMO_EMAIL_DOMAIN, languageFor, seedMembers } from './seed-members.js';

const COUNT = 30;

async function seededRows(db: TestDb['db']) {
  return db
    .selectFrom('members')
    .innerJoin('profiles', 'profiles.member_id', 'members.id')
    .leftJoin('images', 'images.id', 'profiles.main_image_id')
    .select([
      'members.id',
      'members.email',
      'members.status',
      'members.activated_at',
      'members.verified_at',
      'members.fictional',
      'members.password_hash',
      'members.credits',
      'profiles.name',
      'profiles.gender',
      'profiles.date_of_birth',
      'profiles.country',
      'profiles.countryregion',
      'profiles.city',
      'profiles.language',
      'profiles.notes',
      'profiles.fields',
      'profiles.interests',
      'images.member_id as image_member_id',
      'images.filename',
      'images.thumb_filename',
      'images.position',
    ])
    .where('members.fictional', '=', true)
    .orderBy('members.id')
    .execute();
}

describe('seedMembers', () => {
  let testDb: TestDb;
  let uploadsDir: string;
  let rows: Awaited<ReturnType<typeof seededRows>>;
  const messages: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDb();
    uploadsDir = mkdtempSync(join(tmpdir(), 'amora-seed-'));
    const result = await seedMembers(testDb.db, {
      count: COUNT,
      uploads: new LocalObjectStore(uploadsDir),
      seed: 42,
      log: (m) => messages.push(m),
    });
    expect(result).toEqual({ created: COUNT });
    rows = await seededRows(testDb.db);
  });

  afterAll(async () => {
    await testDb?.destroy();
    if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
  });

  it('creates active, activated, fictional members that cannot log in', async () => {
    const { n } = await testDb.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(COUNT);
    expect(rows).toHaveLength(COUNT);
    for (const row of rows) {
      expect(row.status).toBe('active');
      expect(row.activated_at).toBeInstanceOf(Date);
      expect(row.fictional).toBe(true);
      expect(row.password_hash).toBeNull();
      expect(row.credits).toBe(0);
      expect(row.email?.endsWith(`@${DEMO_EMAIL_DOMAIN}`)).toBe(true);
    }
    expect(new Set(rows.map((r) => r.email)).size).toBe(COUNT);
    // Every third one is verified, after activation: the badge and the filter show someone.
    const verified = rows.filter((row) => row.verified_at !== null);
    expect(verified).toHaveLength(COUNT / 3);
    for (const row of verified) {
      expect(row.verified_at!.getTime()).toBeGreaterThanOrEqual(row.activated_at!.getTime());
    }
    expect(messages.some((m) => m.includes(`${COUNT}/${COUNT}`))).toBe(true);
  });

  it('gives believable profiles', () => {
    const today = new Date();
    for (const row of rows) {
      const age = ageOn(row.date_of_birth ?? '', today);
      expect(age).not.toBeNull();
      expect(age).toBeGreaterThanOrEqual(18);
      expect(age).toBeLessThanOrEqual(80);
      expect(row.name.length).toBeGreaterThan(1);
      expect(row.city).toBeTruthy();
      expect(row.countryregion?.startsWith(`${row.country}-`)).toBe(true);
      expect(LOCALES).toContain(row.language);
      expect(row.notes.personal?.length).toBeGreaterThan(40);
      expect(row.notes.ideal_match?.length).toBeGreaterThan(40);
      expect(row.interests.length).toBeGreaterThanOrEqual(2);
      expect(row.interests.length).toBeLessThanOrEqual(6);
      for (const interest of row.interests) expect(INTERESTS).toContain(interest);
      for (const [field, value] of Object.entries(row.fields)) {
        expect(PROFILE_FIELDS[field as keyof typeof PROFILE_FIELDS]).toContain(value);
      }
      expect(Object.keys(row.fields).length).toBeGreaterThanOrEqual(7);
    }
    expect(new Set(rows.map((r) => r.gender))).toEqual(new Set(['male', 'female']));
    expect(new Set(rows.map((r) => r.country)).size).toBeGreaterThanOrEqual(3);
    // Hundreds of members must not share one text; even 30 should hardly repeat.
    expect(new Set(rows.map((r) => r.notes.personal)).size).toBe(COUNT);
  });

  it('writes one readable 800x1000 WebP portrait per member, without EXIF', async () => {
    const files = readdirSync(uploadsDir);
    expect(files).toHaveLength(COUNT * 2);
    for (const row of rows) {
      expect(row.image_member_id).toBe(row.id);
      expect(row.position).toBe(0);
      expect(row.filename).toMatch(/^[0-9a-f-]{36}\.webp$/);
      expect(row.thumb_filename).toBe(row.filename?.replace('.webp', '-thumb.webp'));
      const full = await sharp(join(uploadsDir, row.filename!)).metadata();
      expect(full).toMatchObject({ format: 'webp', width: 800, height: 1000 });
      expect(full.exif).toBeUndefined();
      const thumb = await sharp(join(uploadsDir, row.thumb_filename!)).metadata();
      expect(thumb).toMatchObject({ format: 'webp', width: 320, height: 400 });
    }
  });

  it('is deterministic for a seed', async () => {
    const other = await createTestDb();
    const otherDir = mkdtempSync(join(tmpdir(), 'amora-seed-'));
    try {
      await seedMembers(other.db, {
        count: COUNT,
        uploads: new LocalObjectStore(otherDir),
        seed: 42,
      });
      const again = await seededRows(other.db);
      const pick = (r: (typeof rows)[number]) => [
        r.name,
        r.gender,
        r.city,
        r.notes.personal,
        r.verified_at !== null,
      ];
      expect(again.map(pick)).toEqual(rows.map(pick));
    } finally {
      await other.destroy();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('creates the demo account once', async () => {
    let hashed = 0;
    const options = {
      uploads: new LocalObjectStore(uploadsDir),
      passwordHash: async () => {
        hashed += 1;
        return '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
      },
    };
    expect(await ensureDemoAccount(testDb.db, options)).toEqual({ email: DEMO_ACCOUNT_EMAIL });
    expect(await ensureDemoAccount(testDb.db, options)).toEqual({ email: DEMO_ACCOUNT_EMAIL });
    expect(hashed).toBe(1);
    const demo = await testDb.db
      .selectFrom('members')
      .innerJoin('profiles', 'profiles.member_id', 'members.id')
      .innerJoin('images', 'images.id', 'profiles.main_image_id')
      .selectAll('members')
      .select(['profiles.name', 'profiles.date_of_birth', 'profiles.countryregion'])
      .select(['profiles.city', 'profiles.fields', 'images.filename'])
      .where('members.email', '=', DEMO_ACCOUNT_EMAIL)
      .executeTakeFirstOrThrow();
    expect(demo).toMatchObject({
      fictional: false,
      status: 'active',
      credits: 100,
      city: 'Amsterdam',
      countryregion: 'NL-NH',
    });
    expect(demo.activated_at).toBeInstanceOf(Date);
    expect(demo.password_hash).toMatch(/^\$argon2id\$/);
    expect(ageOn(demo.date_of_birth!)).toBe(29);
    expect(Object.keys(demo.fields).sort()).toEqual(Object.keys(PROFILE_FIELDS).sort());
    expect(existsSync(join(uploadsDir, demo.filename))).toBe(true);
  });
});

describe('languageFor', () => {
  it('follows the language of the region', () => {
    expect(languageFor('BE', 'BE-VAN')).toBe('nl');
    expect(languageFor('BE', 'BE-WLG')).toBe('fr');
    expect(languageFor('BE', 'BE-BRU')).toBe('fr');
    expect(languageFor('CH', 'CH-ZH')).toBe('de');
    expect(languageFor('CH', 'CH-GE')).toBe('fr');
    expect(languageFor('CH', 'CH-TI')).toBe('it');
    expect(languageFor('CA', 'CA-QC')).toBe('fr');
    expect(languageFor('CA', 'CA-ON')).toBe('en');
    expect(languageFor('AT', 'AT-9')).toBe('de');
    expect(languageFor('NZ', 'NZ-AUK')).toBe('en');
  });
});

describe('aboutMe', () => {
  it('writes 2–5 sentences in every language, agreeing with the gender', () => {
    const rnd = createRng(1);
    for (const language of LOCALES) {
      for (let i = 0; i < 50; i++) {
        const gender = i % 2 ? 'female' : 'male';
        const { personal, ideal_match } = aboutMe(language, rnd, {
          name: 'Kim',
          age: 32,
          city: 'Springfield',
          gender,
        });
        for (const text of [personal, ideal_match]) {
          expect(text).not.toMatch(/[{}[\]]/);
          const sentences = text.split(/(?<=[.!?])\s+(?=[\p{Lu}¡¿])/u);
          expect(sentences.length).toBeGreaterThanOrEqual(2);
          expect(sentences.length).toBeLessThanOrEqual(5);
        }
      }
    }
    const female = aboutMe('pl', createRng(3), {
      name: 'Ola',
      age: 22,
      city: 'Kraków',
      gender: 'female',
    });
    expect(`${female.personal} ${female.ideal_match}`).not.toMatch(/Chciałbym|poznałbym/);
  });
});
