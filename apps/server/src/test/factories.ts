import { hash } from '@node-rs/argon2';
import { type Kysely, sql } from 'kysely';
import type { Database, MemberStatus } from '../db/schema.js';
import { createMember as insertMember } from '../modules/members/member.repository.js';

let counter = 0;

/**
 * Argon2id at the least cost the format allows, for the members a test makes straight in the
 * database: at the product's cost (19 MiB, two passes) each took about 70 ms to make and as
 * long again at every login, since a hash carries its own parameters. Signups and password
 * changes through the API keep the product's cost.
 */
const testPasswordHash = (password: string) =>
  hash(password, { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 });

export interface MemberSpec {
  email?: string;
  password?: string;
  name?: string;
  status?: MemberStatus;
  activated?: boolean;
  gender?: 'male' | 'female';
  dateOfBirth?: string;
  country?: string;
  notes?: Record<string, string>;
  fictional?: boolean;
  language?: string;
}

/**
 * Inserts a member with a profile straight into the database: someone to be found, liked or
 * written to, confirmed unless `activated` is false. A member who acts in a test (logs in,
 * likes, writes) comes from logInNewMember instead, which confirms the address through the
 * activation mail as a member does.
 */
export async function createMember(db: Kysely<Database>, spec: MemberSpec = {}) {
  counter += 1;
  const email = spec.email ?? `member${counter}-${Date.now()}@example.com`;
  const password = spec.password ?? 'correct horse battery';
  const name = spec.name ?? `Member ${counter}`;
  const language = spec.language ?? 'en';
  const id = await insertMember(db, {
    account: {
      email,
      password_hash: await testPasswordHash(password),
      status: spec.status ?? 'active',
      activated_at: spec.activated === false ? null : new Date(),
      fictional: spec.fictional ?? false,
    },
    profile: {
      name,
      gender: spec.gender ?? 'female',
      date_of_birth: spec.dateOfBirth ?? '1990-05-17',
      country: spec.country ?? 'NL',
      countryregion: 'NL-NH',
      city: 'Amsterdam',
      language,
      notes: spec.notes ?? { personal: 'Hello there' },
      fields: { smoking: 'never' },
      interests: ['travel'],
    },
  });
  if (id === null) throw new Error(`${email} is taken`);
  return { id, email, password, name, language };
}

export interface FindableSpec {
  name?: string;
  gender?: 'male' | 'female' | null;
  dateOfBirth?: string | null;
  country?: string;
  countryregion?: string | null;
  lastActive?: Date;
  status?: MemberStatus;
  activated?: boolean;
  photo?: boolean;
  /** false: the member row only, without a profile. */
  profile?: boolean;
}

let findable = 0;

/**
 * A member straight in the database, without a password (one to be found, not to log in):
 * by default an activated woman born 1990-05-17 in Noord-Holland; each one added is a minute
 * less recently active than the one before, so the order of creation is the search order.
 */
export async function addFindableMember(
  db: Kysely<Database>,
  spec: FindableSpec = {},
): Promise<number> {
  findable += 1;
  const account = {
    email: `found${findable}-${Date.now()}@example.com`,
    status: spec.status ?? 'active',
    activated_at: spec.activated === false ? null : new Date(),
    last_active_at: spec.lastActive ?? new Date(Date.now() - findable * 60_000),
  } as const;
  if (spec.profile === false) {
    // A member row without a profile, which createMember never makes: what a search must survive.
    const row = await db
      .insertInto('members')
      .values({ ...account, tracking: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const id = await insertMember(db, {
    account,
    profile: {
      name: spec.name ?? `Found ${findable}`,
      gender: spec.gender === undefined ? 'female' : spec.gender,
      date_of_birth: spec.dateOfBirth === undefined ? '1990-05-17' : spec.dateOfBirth,
      country: spec.country ?? 'NL',
      countryregion: spec.countryregion === undefined ? 'NL-NH' : spec.countryregion,
      city: 'Somewhere',
      language: 'en',
      notes: { personal: 'Hi', secret_note: 'hidden' },
    },
  });
  if (id === null) throw new Error(`${account.email} is taken`);
  if (spec.photo) {
    await db
      .insertInto('images')
      .values({
        member_id: id,
        filename: `${id}.webp`,
        thumb_filename: `${id}-t.webp`,
        position: 0,
      })
      .execute();
  }
  return id;
}

/**
 * A conversation between two members with both sides, as `a` starting a chat makes it, and
 * optionally its messages (`[sender, text]`, oldest first). Answers its id.
 */
export async function createConversation(
  db: Kysely<Database>,
  a: number,
  b: number,
  options: { lastActivityAt?: Date; messages?: [number, string][] } = {},
): Promise<number> {
  const { id } = await db
    .insertInto('conversations')
    .values({
      member_low: Math.min(a, b),
      member_high: Math.max(a, b),
      ...(options.lastActivityAt ? { last_activity_at: options.lastActivityAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('conversation_members')
    .values([
      // `a` opened it, as GET /api/chat.php does.
      { conversation_id: id, member_id: a, opened_at: sql<Date>`now()` },
      { conversation_id: id, member_id: b },
    ])
    .execute();
  for (const [sender, text] of options.messages ?? []) {
    await db
      .insertInto('messages')
      .values({ conversation_id: id, sender_id: sender, text })
      .execute();
  }
  return id;
}

/** A member's credit balance as stored. */
export async function creditsOf(db: Kysely<Database>, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select('credits')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.credits;
}
