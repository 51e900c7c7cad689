import { signupCsrf } from '@amora/shared/rules/signup-csrf';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/2026112901-ban-evasion.js';
import { eraseAccount } from '../../modules/account/account-deletion.service.js';
import { createMember } from '../../test/factories.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

/**
 * A banned member signing up again with a variant of their address (issue 42): signup reads
 * addresses canonically (no `+tag`, no dots at gmail.com) and refuses the mailbox of a banned
 * account, also after that account was erased, with 403 `banned`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUPS_PER_HOUR: '1000', EMAIL_CHECKS_PER_10_MINUTES: '1000' });
});
afterAll(() => t.close());

let counter = 0;
/** A local part of its own per use, so the tests' mailboxes never meet. */
const fresh = (prefix: string) => `${prefix}${++counter}x${Date.now()}`;

async function signUp(email: string) {
  const client = new Client(t.app);
  const check = await client.call({
    method: 'GET',
    url: `/api/validate_email.php?email=${encodeURIComponent(email)}`,
  });
  const { token } = check.json();
  return client.call({
    method: 'POST',
    url: '/api/user.php?new=1',
    payload: {
      email,
      name: 'Nina',
      password: 'long enough pw',
      trafficsource: null,
      timezone: 'Europe/Amsterdam',
      country: 'NL',
      language: 'nl',
      profile: null,
      form_path: '/signup',
      referrer: null,
      csrf: signupCsrf(token, email),
      token,
      n: 'k3x9',
    },
  });
}

async function memberCount(): Promise<number> {
  const row = await t.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A signup that must be refused as a banned mailbox, creating no account. */
async function expectBanned(email: string) {
  const before = await memberCount();
  const res = await signUp(email);
  expect(res.statusCode, `${email}: ${res.body}`).toBe(403);
  expect(res.json()).toEqual({ error: { code: 'banned', message: expect.any(String) } });
  expect(res.cookies.find((c) => c.name === 'amora_session')).toBeUndefined();
  expect(await memberCount()).toBe(before);
}

async function expectSignedUp(email: string) {
  const res = await signUp(email);
  expect(res.statusCode, `${email}: ${res.body}`).toBe(200);
  return res.json().user.id as number;
}

const ban = (id: number) =>
  t.db
    .updateTable('members')
    .set({ status: 'banned', ban_reason: 'scam', banned_at: new Date() })
    .where('id', '=', id)
    .execute();

const erase = (id: number, statuses: ('active' | 'banned')[]) =>
  eraseAccount(t.db, id, { statuses });

describe('signup with a variant of a banned account’s address', () => {
  it('refuses a plus-address, and at gmail.com a dotted one, with 403 banned', async () => {
    const local = fresh('banned');
    await createMember(t.db, {
      status: 'banned',
      email: `${local.slice(0, 3)}.${local.slice(3)}@gmail.com`,
    });
    await expectBanned(`${local}+again@gmail.com`);
    await expectBanned(`${local.split('').join('.')}@googlemail.com`);
    await expectBanned(`${local}@gmail.com`);

    const other = fresh('evader');
    await createMember(t.db, { status: 'banned', email: `${other}@example.com` });
    await expectBanned(`${other}+new@example.com`);
    // Dots are part of the mailbox at other domains.
    await expectSignedUp(`${other.slice(0, 3)}.${other.slice(3)}@example.com`);
  });

  it('lets variants of an address nobody banned sign up, each its own account', async () => {
    const local = fresh('share');
    await createMember(t.db, { email: `${local}@gmail.com` });
    const second = await expectSignedUp(`${local.slice(0, 2)}.${local.slice(2)}+2@gmail.com`);
    // Once one of them is banned, the next variant is refused; the accounts stay as they are.
    await ban(second);
    await expectBanned(`${local}+3@gmail.com`);
    const rows = await t.db
      .selectFrom('members')
      .select('status')
      .where('email_canonical', '=', `${local}@gmail.com`)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.status)).toEqual(['active', 'banned']);
  });

  it('refuses the mailbox of a banned account erased since, which keeps only HMACs', async () => {
    const local = fresh('gone');
    const banned = await createMember(t.db, { status: 'banned', email: `${local}@gmail.com` });
    expect(await erase(banned.id, ['active', 'banned'])).toBe(true);
    const row = await t.db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', banned.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'deleted', email: null, email_canonical: null });
    expect(row.ban_reason).toBeNull();
    expect(row.banned_email_hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(local);

    await expectBanned(`${local}+back@gmail.com`);
    // The address itself reports deleted and stays taken, as any deleted account's.
    const same = await signUp(`${local}@gmail.com`);
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe('email_taken');

    // A member who left on their own keeps no such mark: a variant signs up.
    const leaver = fresh('left');
    const left = await createMember(t.db, { email: `${leaver}@example.com` });
    expect(await erase(left.id, ['active'])).toBe(true);
    await expectSignedUp(`${leaver}+new@example.com`);
  });

  it('reads the address an e-mail change gave the account', async () => {
    const m = await logInNewMember(t, { activated: false });
    const local = fresh('moved');
    // Not confirmed yet: the address changes at once.
    const res = await m.client.call({
      method: 'POST',
      url: '/api/email-change.php',
      payload: { email: `${local}+1@example.com`, password: m.password },
    });
    expect(res.json()).toEqual({ ok: true, email: `${local}+1@example.com` });
    await ban(m.id);
    await expectBanned(`${local}@example.com`);
    const [oldLocal, oldDomain] = m.email.split('@');
    await expectSignedUp(`${oldLocal}+x@${oldDomain}`);
  });

  it('knows the accounts made before the canonical form was stored (the migration)', async () => {
    const db = t.db as unknown as Kysely<unknown>;
    const local = fresh('old.timer');
    await down(db);
    try {
      await sql`insert into members (email, status, tracking)
        values (${`${local}@googlemail.com`}, 'banned', '{}')`.execute(db);
    } finally {
      await up(db);
    }
    await expectBanned(`${local.replaceAll('.', '')}+hi@gmail.com`);
  });
});
