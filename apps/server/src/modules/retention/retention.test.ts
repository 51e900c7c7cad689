import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { pruneByRetention } from './retention.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ago = (interval: string) => sql<Date>`now() - ${sql.raw(`interval '${interval}'`)}`;
const count = async (
  table: 'sessions' | 'outbox' | 'page_presence' | 'member_tokens' | 'auth_attempts',
  ids: (string | number)[],
) =>
  (
    await t.db
      .selectFrom(table)
      .select('id')
      .where('id', 'in', ids as never[])
      .execute()
  ).length;

describe('the retention schedule', () => {
  it('drops ended sessions, old mail records, stale tabs, expired links and old attempts only', async () => {
    const m = await createMember(t.db);
    await t.db
      .insertInto('sessions')
      .values([
        { id: `ended-${m.id}`, member_id: m.id, expires_at: ago('1 minute') },
        { id: `live-${m.id}`, member_id: m.id, expires_at: sql<Date>`now() + interval '1 day'` },
      ])
      .execute();
    const outbox = await t.db
      .insertInto('outbox')
      .values([
        { kind: 'mail', member_id: m.id, status: 'sent', payload: '{}', sent_at: ago('31 days') },
        { kind: 'mail', member_id: m.id, status: 'sent', payload: '{}', sent_at: ago('29 days') },
        {
          kind: 'mail',
          member_id: m.id,
          status: 'failed',
          payload: '{}',
          created_at: ago('40 days'),
        },
        {
          kind: 'mail',
          member_id: m.id,
          status: 'pending',
          payload: '{}',
          created_at: ago('40 days'),
        },
      ])
      .returning('id')
      .execute();
    await t.db
      .insertInto('page_presence')
      .values([
        { id: `old-${m.id}`, member_id: m.id, session_id: 's', updated_at: ago('2 days') },
        { id: `new-${m.id}`, member_id: m.id, session_id: 's', updated_at: ago('1 minute') },
      ])
      .execute();
    const tokens = await t.db
      .insertInto('member_tokens')
      .values([
        {
          member_id: m.id,
          purpose: 'activation',
          token_hash: `a${m.id}`,
          expires_at: ago('2 days'),
        },
        {
          member_id: m.id,
          purpose: 'activation',
          token_hash: `b${m.id}`,
          expires_at: ago('1 hour'),
        },
      ])
      .returning('id')
      .execute();
    const attempts = await t.db
      .insertInto('auth_attempts')
      .values([
        { kind: 'signup', key: 'x', created_at: ago('25 hours') },
        { kind: 'signup', key: 'x', created_at: ago('1 hour') },
      ])
      .returning('id')
      .execute();

    const removed = await pruneByRetention(t.db);
    expect(removed).toMatchObject({
      sessions: expect.any(Number),
      outbox: expect.any(Number),
      page_presence: expect.any(Number),
      member_tokens: expect.any(Number),
      auth_attempts: expect.any(Number),
    });
    expect(await count('sessions', [`ended-${m.id}`, `live-${m.id}`])).toBe(1);
    const left = await t.db
      .selectFrom('outbox')
      .select('id')
      .where(
        'id',
        'in',
        outbox.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    expect(left.map((r) => r.id)).toEqual([outbox[1]!.id, outbox[3]!.id]);
    expect(await count('page_presence', [`old-${m.id}`, `new-${m.id}`])).toBe(1);
    expect(
      await count(
        'member_tokens',
        tokens.map((r) => r.id),
      ),
    ).toBe(1);
    expect(
      await count(
        'auth_attempts',
        attempts.map((r) => r.id),
      ),
    ).toBe(1);
    // A second run finds nothing more.
    expect(await pruneByRetention(t.db)).toEqual({});
  });
});
