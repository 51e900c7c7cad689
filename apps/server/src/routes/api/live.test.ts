import { LIVE_PATH } from '@amora/shared/schemas/live';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyMembers } from '../../modules/live/live-notify.js';
import { listening, openLive, until } from '../../test/live-socket.js';
import {
  appHeaders,
  createTestApp,
  logInNewMember,
  type TestApp,
  withSecondInstance,
} from '../../test/test-app.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listening(t.app);
});
afterAll(() => t.close());

describe(`the live channel ${LIVE_PATH}`, () => {
  it('refuses a visitor without a session', async () => {
    await expect(openLive(base, null)).rejects.toThrow(/403/);
  });

  it('refuses a page of another site', async () => {
    const m = await logInNewMember(t);
    await expect(openLive(base, m.client.sessionCookie, 'https://evil.example')).rejects.toThrow(
      /403/,
    );
  });

  it('brings each member only the events meant for them, in every open tab', async () => {
    const a = await logInNewMember(t);
    const b = await logInNewMember(t);
    const tab1 = await openLive(base, a.client.sessionCookie);
    const tab2 = await openLive(base, a.client.sessionCookie);
    const other = await openLive(base, b.client.sessionCookie);
    await notifyMembers(t.db, [a.id], { type: 'likes' });
    await until(() => tab1.received.length === 1 && tab2.received.length === 1, 'both tabs');
    expect(tab1.received).toEqual([{ type: 'likes' }]);
    await notifyMembers(t.db, [b.id], { type: 'user' });
    await until(() => other.received.length === 1, 'the other member');
    expect(other.received).toEqual([{ type: 'user' }]);
    expect(tab1.received).toHaveLength(1);
    for (const s of [tab1, tab2, other]) s.socket.close();
  });

  it('delivers nothing from a transaction that rolled back', async () => {
    const a = await logInNewMember(t);
    const tab = await openLive(base, a.client.sessionCookie);
    await t.db
      .transaction()
      .execute(async (trx) => {
        await notifyMembers(trx, [a.id], { type: 'chats' });
        throw new Error('roll back');
      })
      .catch(() => {});
    await notifyMembers(t.db, [a.id], { type: 'user' });
    await until(() => tab.received.length > 0, 'the committed event');
    expect(tab.received).toEqual([{ type: 'user' }]);
    tab.socket.close();
  });

  it('closes the channel of a session that logs out, with code 4401', async () => {
    const a = await logInNewMember(t);
    const tab = await openLive(base, a.client.sessionCookie);
    await a.client.call({ method: 'GET', url: '/api/logout.php' });
    expect(await tab.closed).toBe(4401);
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('two app instances', () => {
  it('hears on one instance what happened on the other', async () => {
    await withSecondInstance(t, async (app2) => {
      const a = await logInNewMember(t);
      const onFirst = await openLive(base, a.client.sessionCookie);
      const onSecond = await openLive(await listening(app2), a.client.sessionCookie);
      await notifyMembers(app2.db, [a.id], { type: 'likes' });
      await until(
        () => onFirst.received.length === 1 && onSecond.received.length === 1,
        'both instances',
      );
      // A message sent through the second instance reaches the tab on the first one.
      const b = await logInNewMember(t);
      const chat = await b.client.call({ method: 'GET', url: `/api/chat.php?profile=${a.id}` });
      await t.db.updateTable('members').set({ credits: 5 }).where('id', '=', b.id).execute();
      const sent = await app2.inject({
        method: 'POST',
        url: '/api/messages.php',
        headers: { ...appHeaders, cookie: b.client.sessionCookie! },
        payload: { conversation: chat.json().id, text: 'Across instances' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      await until(() => onFirst.received.some((e) => e.type === 'message'), 'the message');
      expect(onFirst.received.find((e) => e.type === 'message')).toMatchObject({
        message: { text: 'Across instances', sender: b.id },
      });
      // A logout on the first instance closes the tab open on the second one.
      await a.client.call({ method: 'GET', url: '/api/logout.php' });
      expect(await onSecond.closed).toBe(4401);
      onFirst.socket.close();
    });
  });

  it('tells every open tab to resync when it listens again after losing the database', async () => {
    const a = await logInNewMember(t);
    const b = await logInNewMember(t);
    const tabs = [
      await openLive(base, a.client.sessionCookie),
      await openLive(base, a.client.sessionCookie),
      await openLive(base, b.client.sessionCookie),
    ];
    // What a database restart does to this instance: every connection to it cut.
    const admin = new pg.Client({ connectionString: t.testDb.url! });
    await admin.connect();
    try {
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity ' +
          'where datname = current_database() and pid <> pg_backend_pid()',
      );
    } finally {
      await admin.end();
    }
    await until(
      () => tabs.every((tab) => tab.received.some((e) => e.type === 'resync')),
      'a resync on every tab',
    );
    // Listening again: the next event arrives live.
    await notifyMembers(t.db, [a.id], { type: 'likes' });
    await until(() => tabs[0]!.received.some((e) => e.type === 'likes'), 'the next event');
    for (const tab of tabs) tab.socket.close();
  });
});
