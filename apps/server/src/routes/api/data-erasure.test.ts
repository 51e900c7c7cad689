import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_INVENTORY } from '../../modules/account/data-inventory.js';
import { eraseDeletedAddresses } from '../../modules/account/erased-email.js';
import { changeCredits } from '../../modules/credits/credit-ledger.repository.js';
import { createMember } from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';
import { startPushEndpoint } from '../../test/push-endpoint.js';
import {
  Client,
  createTestApp,
  logInNewMember,
  type SmtpSink,
  startSmtpSink,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
let smtp: SmtpSink;
let push: Awaited<ReturnType<typeof startPushEndpoint>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  push = await startPushEndpoint();
  // MODE=demo: the export's sessions are made through a proxy (X-Forwarded-For) on purpose.
  t = await createTestApp({ SMTP_URL: smtp.url, PUSH_SERVICE_HOSTS: '127.0.0.1', MODE: 'demo' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await push.close();
});

/** Every table and column of the migrated schema (the migrator's own tables aside). */
async function schemaColumns(): Promise<Map<string, { column: string; type: string }[]>> {
  const { rows } = await sql<{ table: string; column: string; type: string }>`
    select table_name as table, column_name as column, data_type as type
    from information_schema.columns
    where table_schema = 'public' and table_name not like 'kysely_%'
    order by table_name, ordinal_position`.execute(t.db);
  const tables = new Map<string, { column: string; type: string }[]>();
  for (const row of rows) tables.set(row.table, [...(tables.get(row.table) ?? []), row]);
  return tables;
}

describe('the data inventory', () => {
  it('classifies every column of the schema, and only those', async () => {
    const actual = await schemaColumns();
    const unclassified: string[] = [];
    for (const [table, columns] of actual) {
      for (const { column } of columns) {
        if (DATA_INVENTORY[table]?.[column] === undefined) unclassified.push(`${table}.${column}`);
      }
    }
    expect(unclassified, 'classify these in modules/account/data-inventory.ts').toEqual([]);
    const stale = Object.entries(DATA_INVENTORY).flatMap(([table, columns]) =>
      Object.keys(columns)
        .filter((column) => !actual.get(table)?.some((c) => c.column === column))
        .map((column) => `${table}.${column}`),
    );
    expect(stale).toEqual([]);
  });
});

describe('deleting a fully used account', () => {
  it('leaves none of its personal values anywhere but the named exceptions', async () => {
    const unique = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const name = `Zephyrine${unique}`;
    const me = await logInNewMember(t, {
      name,
      email: `erase.${unique}@example.com`,
      notes: { personal: `About Zephyrine ${unique}` },
    });
    const values = {
      email: me.email,
      name,
      note: `About Zephyrine ${unique}`,
      tracking: `campaign-${unique}`,
      ip: `203.0.113.${(Date.now() % 200) + 1}`,
      agent: `ErasureTestBrowser/${unique}`,
      service: `Please help me with ${unique}`,
      endpointPath: '',
    };
    await t.db
      .updateTable('members')
      .set({
        tracking: JSON.stringify({ utm_campaign: values.tracking }),
        signup_ip: values.ip,
        timezone: 'Europe/Amsterdam',
      })
      .where('id', '=', me.id)
      .execute();
    await changeCredits(t.db, { memberId: me.id, amount: 20, reason: 'opening' });
    const call = (options: Parameters<Client['call']>[0]) =>
      me.client.call({
        ...options,
        headers: { 'user-agent': values.agent, 'x-forwarded-for': values.ip, ...options.headers },
      });

    // A photo, a push subscription, likes and messages both ways, a block, a report.
    const image = await sharp({
      create: { width: 300, height: 375, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/profileimage.php',
          ...multipart([{ filename: 'me.jpg', contentType: 'image/jpeg', data: image }]),
        })
      ).statusCode,
    ).toBe(200);
    const subscription = push.subscription();
    values.endpointPath = new URL(subscription.endpoint).pathname;
    await t.db
      .insertInto('push_subscriptions')
      .values({ member_id: me.id, ...subscription })
      .execute();
    const friend = await logInNewMember(t);
    await changeCredits(t.db, { memberId: friend.id, amount: 20, reason: 'opening' });
    await call({ method: 'POST', url: '/api/likes.php', payload: { profile: friend.id } });
    await friend.client.call({
      method: 'POST',
      url: '/api/likes.php',
      payload: { profile: me.id },
    });
    const conversation = (
      await call({ method: 'GET', url: `/api/chat.php?profile=${friend.id}` })
    ).json().id as number;
    await call({
      method: 'POST',
      url: '/api/messages.php',
      payload: { conversation, text: 'Hello friend' },
    });
    await friend.client.call({
      method: 'POST',
      url: '/api/messages.php',
      payload: { conversation, text: `Hi ${name}!` },
    });
    const other = await createMember(t.db);
    await call({ method: 'POST', url: '/api/block.php', payload: { profile: other.id } });
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/report.php',
          payload: { profile: other.id, reason: 'spam', text: 'Sends links' },
        })
      ).statusCode,
    ).toBe(200);
    // A question to customer service, a reset link, a wrong password, an address check.
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/service-request.php',
          payload: { kind: 'question', topic: 'account', name, message: values.service },
        })
      ).statusCode,
    ).toBe(200);
    await new Client(t.app).call({
      method: 'POST',
      url: '/api/password-reset.php',
      payload: { email: me.email },
    });
    await new Client(t.app).call({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: me.email, password: 'not the password' },
    });
    await new Client(t.app).call({
      method: 'GET',
      url: `/api/validate_email.php?email=${me.email}`,
    });
    // The mail so far goes out, leaving its records behind as sent.
    const worker = t.startWorker({ pollIntervalMs: 60_000, digestEveryMs: 0 });
    await worker.runOnce();

    const deleted = await call({
      method: 'DELETE',
      url: '/api/user.php',
      payload: { password: me.password },
    });
    expect(deleted.statusCode).toBe(200);
    await worker.runOnce();
    await worker.stop();
    const goodbye = smtp.mails.filter((m) => m.to.includes(me.email));
    expect(goodbye.at(-1)?.subject).toMatch(/deleted/i);

    // Search every column that is not a named exception for every personal value.
    const found: string[] = [];
    for (const [table, columns] of await schemaColumns()) {
      for (const { column, type } of columns) {
        const kind = DATA_INVENTORY[table]?.[column];
        if (kind !== '-' && kind !== 'erased') continue;
        if (!['text', 'jsonb', 'json', 'ARRAY', 'character varying'].includes(type)) continue;
        for (const [label, value] of Object.entries(values)) {
          if (!value) continue;
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from ${sql.table(table)}
            where ${sql.ref(column)}::text ilike ${`%${value}%`}`.execute(t.db);
          if ((rows[0]?.n ?? 0) > 0) found.push(`${table}.${column} holds the ${label}`);
        }
      }
    }
    expect(found).toEqual([]);

    // The named exceptions stay: the friend keeps the conversation, the report its evidence.
    const kept = await t.db
      .selectFrom('messages')
      .select('text')
      .where('conversation_id', '=', conversation)
      .orderBy('id')
      .execute();
    expect(kept.map((m) => m.text)).toEqual(['Hello friend', `Hi ${name}!`]);
    const report = await t.db
      .selectFrom('reports')
      .select(['reporter_id', 'text'])
      .where('reporter_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(report.text).toBe('Sends links');
    // And the address still reports `deleted`.
    const status = await new Client(t.app).call({
      method: 'GET',
      url: `/api/validate_email.php?email=${me.email.toUpperCase()}`,
    });
    expect(status.json().status).toBe('deleted');
  });
});

describe('accounts deleted before erasure', () => {
  it('lose their plain address at the next start, which still reports deleted', async () => {
    const old = await createMember(t.db, {
      status: 'deleted',
      email: `old.${Date.now()}@example.com`,
    });
    await t.db
      .updateTable('members')
      .set({ tracking: JSON.stringify({ utm_source: 'old-campaign' }) })
      .where('id', '=', old.id)
      .execute();
    expect(await eraseDeletedAddresses(t.db)).toBeGreaterThanOrEqual(1);
    expect(await eraseDeletedAddresses(t.db)).toBe(0);
    const row = await t.db
      .selectFrom('members')
      .select(['email', 'email_hmac', 'tracking'])
      .where('id', '=', old.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: null, tracking: {} });
    expect(row.email_hmac).toMatch(/^[0-9a-f]{64}$/);
    const status = await new Client(t.app).call({
      method: 'GET',
      url: `/api/validate_email.php?email=${old.email}`,
    });
    expect(status.json().status).toBe('deleted');
  });
});
