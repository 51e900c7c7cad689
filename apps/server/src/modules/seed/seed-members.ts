import { randomUUID } from 'node:crypto';
import { COUNTRIES, type Country, type Locale } from '@amora/shared/constants';
import {
  INTERESTS,
  PROFILE_FIELD_NAMES,
  type PROFILE_FIELDS,
  type ProfileFieldName,
} from '@amora/shared/rules/profile-fields';
import {
  base,
  de,
  de_AT,
  de_CH,
  en,
  en_AU,
  en_CA,
  en_GB,
  en_IE,
  en_US,
  es,
  Faker,
  fr,
  fr_BE,
  fr_CA,
  fr_CH,
  it,
  type LocaleDefinition,
  nl,
  nl_BE,
  pl,
} from '@faker-js/faker';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type City, loadCities } from '../geo/cities.js';
import { discardObjects } from '../media/media-delete.js';
import type { ObjectStore } from '../media/object-store.js';
import { createMembers } from '../members/member.repository.js';
import { aboutMe } from './about-me.js';
import { type PortraitHair, type PortraitOptions, renderPortrait } from './portrait.js';
import {
  chance,
  createRng,
  hashString,
  pickWeighted,
  type Rnd,
  randomInt,
  sample,
} from './random.js';

/** Demo e-mail addresses live under the reserved `.invalid` TLD: they can never receive mail. */
export const DEMO_EMAIL_DOMAIN = 'members.amora.invalid';
export const DEFAULT_SEED = 20261121;

/** Rows per insert transaction; portraits for the next batch are rendered before it opens. */
const BATCH_SIZE = 50;
/** Portraits rendered at the same time (sharp/libvips work runs on the libuv pool). */
const RENDER_CONCURRENCY = 4;
const PROGRESS_EVERY = 100;
const DAY_MS = 86_400_000;

/** Population in millions: countries get members roughly by its square root, each some. */
export const POPULATION_M: Record<Country, number> = {
  NL: 18,
  BE: 12,
  DE: 84,
  AT: 9,
  CH: 9,
  IT: 59,
  FR: 68,
  ES: 48,
  PL: 37,
  GB: 68,
  IE: 5,
  US: 335,
  CA: 40,
  AU: 27,
  NZ: 5,
};

// ---------------------------------------------------------------------------
// Language and names

const FRENCH_SWISS_CANTONS = new Set(['CH-GE', 'CH-VD', 'CH-NE', 'CH-JU', 'CH-FR', 'CH-VS']);

/** The main language, among our locales, spoken where the member lives. */
export function languageFor(country: Country, regionId: string): Locale {
  switch (country) {
    case 'NL':
      return 'nl';
    case 'BE':
      // Flemish provinces are BE-V*, Walloon ones BE-W*; Brussels is mostly French-speaking.
      return regionId.startsWith('BE-V') ? 'nl' : 'fr';
    case 'DE':
    case 'AT':
      return 'de';
    case 'CH':
      if (regionId === 'CH-TI') return 'it';
      return FRENCH_SWISS_CANTONS.has(regionId) ? 'fr' : 'de';
    case 'IT':
      return 'it';
    case 'FR':
      return 'fr';
    case 'ES':
      return 'es';
    case 'PL':
      return 'pl';
    case 'CA':
      return regionId === 'CA-QC' ? 'fr' : 'en';
    default:
      return 'en';
  }
}

/** Faker locale chain for a country and language (most specific first). */
function fakerLocale(country: Country, language: Locale): LocaleDefinition[] {
  const chain = (...locales: LocaleDefinition[]) => [...locales, en, base];
  switch (country) {
    case 'NL':
      return chain(nl);
    case 'BE':
      return language === 'nl' ? chain(nl_BE, nl) : chain(fr_BE, fr);
    case 'DE':
      return chain(de);
    case 'AT':
      return chain(de_AT, de);
    case 'CH':
      if (language === 'fr') return chain(fr_CH, fr);
      if (language === 'it') return chain(it);
      return chain(de_CH, de);
    case 'IT':
      return chain(it);
    case 'FR':
      return chain(fr);
    case 'ES':
      return chain(es);
    case 'PL':
      return chain(pl);
    case 'GB':
      return chain(en_GB);
    case 'IE':
      return chain(en_IE, en_GB);
    case 'US':
      return chain(en_US);
    case 'CA':
      return language === 'fr' ? chain(fr_CA, fr) : chain(en_CA);
    case 'AU':
    case 'NZ':
      return chain(en_AU);
  }
}

const fakers = new Map<string, Faker>();

/** Own Faker instances (not the shared `fakerXX` singletons, whose seed others may rely on). */
function fakerFor(country: Country, language: Locale): Faker {
  const key = `${country}:${language}`;
  let instance = fakers.get(key);
  if (!instance) {
    instance = new Faker({ locale: fakerLocale(country, language) });
    fakers.set(key, instance);
  }
  return instance;
}

// ---------------------------------------------------------------------------
// Places

const DISTRICT_NAME = /\((Kreis \d+|balance|village|town|city)\)/i;

type WeightedCities = { cities: City[]; cumulative: number[]; total: number };
const cityCache = new Map<Country, Promise<WeightedCities>>();

function citiesOf(country: Country): Promise<WeightedCities> {
  let entry = cityCache.get(country);
  if (!entry) {
    entry = loadCities(country).then((all) => {
      // GeoNames also lists administrative parts such as "Zürich (Kreis 3) / Sihlfeld" or
      // "City of Milford (balance)": nobody gives those as their home town.
      const cities = all.filter((city) => !DISTRICT_NAME.test(city.name));
      const cumulative: number[] = [];
      let total = 0;
      for (const city of cities) {
        total += Math.max(1, city.population);
        cumulative.push(total);
      }
      if (cities.length === 0) throw new Error(`No cities known for ${country}`);
      return { cities, cumulative, total };
    });
    entry.catch(() => cityCache.delete(country));
    cityCache.set(country, entry);
  }
  return entry;
}

/** A city picked with probability proportional to its population (binary search). */
function pickCity(rnd: Rnd, { cities, cumulative, total }: WeightedCities): City {
  const point = rnd() * total;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cumulative[mid] as number) > point) hi = mid;
    else lo = mid + 1;
  }
  return cities[lo] as City;
}

/**
 * `count` countries, shuffled: each country gets a small guaranteed share when there are
 * enough members to go round, the rest by the square root of its population.
 */
function allocateCountries(rnd: Rnd, count: number): Country[] {
  const weights = COUNTRIES.map((c) => Math.sqrt(POPULATION_M[c]));
  if (count < COUNTRIES.length) {
    const entries = COUNTRIES.map((c, i) => [c, weights[i] as number] as const);
    return Array.from({ length: count }, () => pickWeighted(rnd, entries));
  }
  const floor = Math.max(1, Math.floor(count * 0.02));
  const rest = count - floor * COUNTRIES.length;
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (rest * w) / totalWeight);
  const quota = exact.map(Math.floor);
  // Largest remainders get the members lost to rounding down.
  const byRemainder = exact
    .map((x, i) => [x - Math.floor(x), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  let missing = rest - quota.reduce((a, b) => a + b, 0);
  for (const [, i] of byRemainder) {
    if (missing-- <= 0) break;
    quota[i] = (quota[i] as number) + 1;
  }
  const list = COUNTRIES.flatMap((c, i) =>
    Array.from({ length: floor + (quota[i] as number) }, () => c),
  );
  return sample(rnd, list, list.length);
}

// ---------------------------------------------------------------------------
// People

/** Age 18–80, most between 25 and 55. */
function pickAge(rnd: Rnd): number {
  const band = pickWeighted(rnd, [
    [[18, 24], 12],
    [[25, 34], 27],
    [[35, 44], 25],
    [[45, 55], 20],
    [[56, 65], 10],
    [[66, 80], 6],
  ] as const);
  return randomInt(rnd, band[0], band[1]);
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A date of birth (YYYY-MM-DD) on which a person is exactly `age` on `today` (UTC). */
export function dateOfBirthForAge(rnd: Rnd, age: number, today: Date): string {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const d = today.getUTCDate();
  // Born after (today - age - 1 years) and on or before (today - age years).
  const latest = Date.UTC(y - age, m, d);
  const earliest = Date.UTC(y - age - 1, m, d) + DAY_MS;
  const days = Math.round((latest - earliest) / DAY_MS);
  return isoDate(earliest + randomInt(rnd, 0, days) * DAY_MS);
}

type FieldValue<F extends ProfileFieldName> = (typeof PROFILE_FIELDS)[F][number];

/** Believable profile answers: most fields filled, a few consistent with age and gender. */
function pickFields(
  rnd: Rnd,
  gender: 'male' | 'female',
  age: number,
  country: Country,
): Record<string, string> {
  const south = country === 'IT' || country === 'ES';
  const fields: Partial<Record<ProfileFieldName, string>> = {};
  const set = <F extends ProfileFieldName>(field: F, value: FieldValue<F>) => {
    fields[field] = value;
  };
  set(
    'relationship_status',
    pickWeighted(rnd, [
      ['single', 60],
      ['divorced', age >= 30 ? 20 : 2],
      ['widowed', age >= 50 ? 8 : 0],
      ['separated', age >= 28 ? 8 : 1],
      ['open_relationship', 3],
    ]),
  );
  set(
    'looking_for',
    pickWeighted(rnd, [
      ['relationship', 40],
      ['dating', 30],
      ['friendship', 12],
      ['marriage', age < 50 ? 10 : 5],
      ['chat', 8],
    ]),
  );
  set(
    'body_type',
    pickWeighted(rnd, [
      ['slim', 18],
      ['athletic', 20],
      ['average', 35],
      ['curvy', gender === 'female' ? 12 : 2],
      ['muscular', gender === 'male' ? 10 : 2],
      ['a_few_extra_pounds', 10],
    ]),
  );
  set(
    'height',
    gender === 'female'
      ? pickWeighted(rnd, [
          ['under_160', 22],
          ['160_169', 48],
          ['170_179', 24],
          ['180_189', 5],
          ['190_plus', 1],
        ])
      : pickWeighted(rnd, [
          ['under_160', 2],
          ['160_169', 12],
          ['170_179', 38],
          ['180_189', 36],
          ['190_plus', 12],
        ]),
  );
  set(
    'eye_color',
    pickWeighted(rnd, [
      ['brown', 40],
      ['blue', 28],
      ['green', 12],
      ['grey', 8],
      ['hazel', 12],
    ]),
  );
  set(
    'hair_color',
    pickWeighted(rnd, [
      ['black', south ? 30 : 15],
      ['brown', south ? 48 : 40],
      ['blond', south ? 7 : 22],
      ['red', south ? 2 : 4],
      ['grey', age >= 60 ? 45 : age >= 45 ? 15 : 1],
      ['bald', gender === 'male' ? (age >= 45 ? 15 : 3) : 0],
    ]),
  );
  set(
    'smoking',
    pickWeighted(rnd, [
      ['never', 70],
      ['socially', 18],
      ['regularly', 12],
    ]),
  );
  set(
    'drinking',
    pickWeighted(rnd, [
      ['never', 15],
      ['socially', 70],
      ['regularly', 15],
    ]),
  );
  set(
    'children',
    age < 30
      ? pickWeighted(rnd, [
          ['none', 30],
          ['want_children', 45],
          ['have_children', 10],
          ['no_children_wanted', 15],
        ])
      : age < 45
        ? pickWeighted(rnd, [
            ['none', 20],
            ['want_children', 25],
            ['have_children', 40],
            ['no_children_wanted', 15],
          ])
        : pickWeighted(rnd, [
            ['none', 25],
            ['have_children', 65],
            ['no_children_wanted', 10],
          ]),
  );
  set(
    'education',
    pickWeighted(rnd, [
      ['secondary', 22],
      ['vocational', 28],
      ['bachelor', 30],
      ['master', age >= 23 ? 16 : 2],
      ['doctorate', age >= 28 ? 4 : 0],
    ]),
  );
  // People leave a question or two unanswered.
  const skipped = sample(rnd, PROFILE_FIELD_NAMES, randomInt(rnd, 0, 2));
  for (const field of skipped) delete fields[field];
  return fields as Record<string, string>;
}

/** Minutes to days in the past, more recent being likelier. */
function recentActivity(rnd: Rnd, now: number, notBefore: number): number {
  const ago = 30 * DAY_MS * rnd() ** 2.5;
  return Math.max(notBefore, now - ago);
}

export type DemoMember = {
  index: number;
  email: string;
  name: string;
  firstName: string;
  gender: 'male' | 'female';
  age: number;
  dateOfBirth: string;
  country: Country;
  regionId: string;
  city: string;
  language: Locale;
  fields: Record<string, string>;
  interests: string[];
  notes: { personal: string; ideal_match: string };
  signupDate: Date;
  activatedAt: Date;
  lastActiveAt: Date;
  /** Every third member is verified (issue 48): the badge and the filter have someone to show. */
  verifiedAt: Date | null;
  portraitSeed: string;
};

function emailTag(seed: number): string {
  return hashString(`amora-demo:${seed}`).toString(36).padStart(7, '0').slice(0, 7);
}

/** One fictional member; everything but the dates (relative to `now`) follows from the seed. */
async function describeMember(
  seed: number,
  index: number,
  country: Country,
  now: Date,
): Promise<DemoMember> {
  const rnd = createRng(`${seed}:member:${index}`);
  const gender = chance(rnd, 0.5) ? 'female' : 'male';
  const age = pickAge(rnd);
  const city = pickCity(rnd, await citiesOf(country));
  const language = languageFor(country, city.regionId);

  const faker = fakerFor(country, language);
  faker.seed(hashString(`${seed}:name:${index}`));
  const firstName = faker.person.firstName(gender);
  const initial = faker.person
    .lastName(gender)
    .replace(/^[^\p{L}]+/u, '')
    .charAt(0);
  const name = initial && chance(rnd, 0.3) ? `${firstName} ${initial.toUpperCase()}.` : firstName;

  const interests = sample(rnd, INTERESTS, randomInt(rnd, 2, 6));
  const notes = aboutMe(language, rnd, {
    name: firstName,
    age,
    city: city.name,
    gender,
    interests,
  });

  const nowMs = now.getTime();
  const signup = nowMs - randomInt(rnd, 1, 730 * 24 * 60) * 60_000;
  const activated = Math.min(nowMs, signup + randomInt(rnd, 2, 90) * 60_000);
  const lastActive = recentActivity(rnd, nowMs, activated);

  return {
    index,
    email: `demo+${emailTag(seed)}.${String(index + 1).padStart(5, '0')}@${DEMO_EMAIL_DOMAIN}`,
    name,
    firstName,
    gender,
    age,
    dateOfBirth: dateOfBirthForAge(rnd, age, now),
    country,
    regionId: city.regionId,
    city: city.name,
    language,
    fields: pickFields(rnd, gender, age, country),
    interests,
    notes,
    signupDate: new Date(signup),
    activatedAt: new Date(activated),
    lastActiveAt: new Date(lastActive),
    // From the index, not the random stream, so every other value stays as it was; a day
    // after activation (or now, for a member activated within the day).
    verifiedAt: index % 3 === 2 ? new Date(Math.min(nowMs, activated + 24 * 3_600_000)) : null,
    portraitSeed: `${seed}:portrait:${index}`,
  };
}

// ---------------------------------------------------------------------------
// Writing

/** Runs `fn` over `items` with at most `limit` calls in flight; results keep their order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export type PortraitFiles = { filename: string; thumbFilename: string };

/**
 * Renders a portrait and stores `<uuid>.webp` and `<uuid>-thumb.webp` in the uploads store,
 * as an upload is stored. Rejects when either write failed, after discarding the other.
 */
export async function writePortrait(
  db: Kysely<Database>,
  uploads: ObjectStore,
  seed: string,
  gender: 'male' | 'female',
  options: PortraitOptions = {},
): Promise<PortraitFiles> {
  const { full, thumb } = await renderPortrait(seed, gender, options);
  const id = randomUUID();
  const files = { filename: `${id}.webp`, thumbFilename: `${id}-thumb.webp` };
  const puts = await Promise.allSettled([
    uploads.put(files.filename, full, 'image/webp'),
    uploads.put(files.thumbFilename, thumb, 'image/webp'),
  ]);
  const failed = puts.find((p) => p.status === 'rejected');
  if (failed) {
    await discardObjects(
      db,
      uploads,
      [files.filename, files.thumbFilename].filter((_, i) => puts[i]?.status === 'fulfilled'),
    );
    throw failed.reason;
  }
  return files;
}

/** The objects of portraits whose rows were not written: removed, or their removal queued. */
export const discardPortraits = (
  db: Kysely<Database>,
  uploads: ObjectStore,
  files: readonly PortraitFiles[],
) =>
  discardObjects(
    db,
    uploads,
    files.flatMap((f) => [f.filename, f.thumbFilename]),
  );

async function insertBatch(
  db: Kysely<Database>,
  members: readonly DemoMember[],
  portraits: readonly PortraitFiles[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ids = await createMembers(
      trx,
      members.map((m, i) => ({
        account: {
          email: m.email,
          password_hash: null,
          status: 'active',
          activated_at: m.activatedAt,
          signup_date: m.signupDate,
          last_active_at: m.lastActiveAt,
          verified_at: m.verifiedAt,
          fictional: true,
        },
        profile: {
          name: m.name,
          gender: m.gender,
          date_of_birth: m.dateOfBirth,
          country: m.country,
          countryregion: m.regionId,
          city: m.city,
          language: m.language,
          notes: m.notes,
          fields: m.fields,
          interests: m.interests,
          updated_at: m.activatedAt,
        },
        photo: {
          filename: (portraits[i] as PortraitFiles).filename,
          thumb_filename: (portraits[i] as PortraitFiles).thumbFilename,
          created_at: m.activatedAt,
          // The demo's own portraits need no moderator: the photo queue starts empty.
          reviewed_at: m.activatedAt,
        },
      })),
    );
    const missing = members.find((_, i) => ids[i] === null);
    if (missing) throw new Error(`Demo member ${missing.email} was not inserted`);
  });
}

export type SeedMembersOptions = {
  count: number;
  /** Where the portraits are stored: the deployment's uploads store. */
  uploads: ObjectStore;
  log?: (message: string) => void;
  /** Same seed, same members (names, places, texts, portraits); dates follow today. */
  seed?: number;
};

/**
 * Fills the database with `count` believable fictional members (fictional = true, no password,
 * undeliverable e-mail), each with a portrait in the uploads store. Portraits are rendered between
 * transactions, never inside one. Calling it again adds further members after the existing
 * demo members instead of colliding with them.
 */
export async function seedMembers(
  db: Kysely<Database>,
  options: SeedMembersOptions,
): Promise<{ created: number }> {
  const { count, uploads, log = () => {} } = options;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(count) || count <= 0) return { created: 0 };

  const started = performance.now();
  const now = new Date();
  const tag = emailTag(seed);
  const existing = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', 'like', `demo+${tag}.%@${DEMO_EMAIL_DOMAIN}`)
    .executeTakeFirstOrThrow();
  const offset = Number(existing.n);

  const rnd = createRng(`${seed}:countries:${offset}`);
  const countries = allocateCountries(rnd, count);
  let created = 0;
  let logged = 0;

  for (let start = 0; start < count; start += BATCH_SIZE) {
    const batchCountries = countries.slice(start, start + BATCH_SIZE);
    const members = await Promise.all(
      batchCountries.map((country, i) => describeMember(seed, offset + start + i, country, now)),
    );
    // Portraits stored so far, so that a failed batch leaves no orphans in the store.
    const written: PortraitFiles[] = [];
    try {
      const portraits = await mapLimit(members, RENDER_CONCURRENCY, async (m) => {
        const files = await writePortrait(db, uploads, m.portraitSeed, m.gender, {
          age: m.age,
          // The drawing agrees with the profile's hair colour answer, when there is one.
          ...(m.fields.hair_color ? { hair: m.fields.hair_color as PortraitHair } : {}),
        });
        written.push(files);
        return files;
      });
      await insertBatch(db, members, portraits);
    } catch (err) {
      await discardPortraits(db, uploads, written);
      throw err;
    }
    created += members.length;
    if (created - logged >= PROGRESS_EVERY || created === count) {
      logged = created;
      log(`seeded ${created}/${count} demo members`);
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(`seeding ${created} demo members took ${seconds}s`);
  return { created };
}
