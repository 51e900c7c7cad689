import { badgeCount } from '@amora/shared/rules/badge';
import { LIVE_PATH } from '@amora/shared/schemas/live';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { changeCredits } from '../../modules/credits/credit-ledger.repository.js';
import { queueDigests } from '../../modules/notifications/digest.service.js';
import { createMember, type MemberSpec } from '../../test/factories.js';
import { startPushEndpoint } from '../../test/push-endpoint.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let push: Awaited<ReturnType<typeof startPushEndpoint>>;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ PUSH_SERVICE_HOSTS: '127.0.0.1' });
  push = await startPushEndpoint();
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
});
afterAll(async () => {
  await t.close();
  await push.close();
});

async function member(spec: MemberSpec = {}, language = 'en') {
  const m = await logInNewMember(t, spec);
  await changeCredits(t.db, { memberId: m.id, amount: 20, reason: 'opening' });
  await t.db.updateTable('profiles').set({ language }).where('member_id', '=', m.id).execute();
  return m;
}

/** Gives the member a browser push subscription at the stand-in push service. */
async function subscribe(memberId: number) {
  const subscription = push.subscription();
  await t.db
    .insertInto('push_subscriptions')
    .values({ member_id: memberId, ...subscription })
    .execute();
  return subscription;
}

const like = (client: Client, profile: number) =>
  client.call({ method: 'POST', url: '/api/likes.php', payload: { profile } });

async function chat(from: { client: Client }, to: { id: number }) {
  return (await from.client.call({ method: 'GET', url: `/api/chat.php?profile=${to.id}` })).json()
    .id as number;
}

const send = (client: Client, conversation: number, text: string) =>
  client.call({ method: 'POST', url: '/api/messages.php', payload: { conversation, text } });

const list = async (client: Client) =>
  (await client.call({ method: 'GET', url: '/api/notifications.php' })).json();

/** Runs the outbox once and answers the pushes that arrived meanwhile for `endpoint`. */
async function pushesTo(endpoint: string) {
  const worker = t.startWorker({ pollIntervalMs: 60_000 });
  await worker.runOnce();
  await worker.stop();
  const path = new URL(endpoint).pathname;
  return push.received.filter((p) => p.path === path).map((p) => p.payload);
}

/** An open tab of the member's app: its live channel, showing `conversation`. */
async function openTab(client: Client, conversation: number) {
  const socket = new WebSocket(`${base}${LIVE_PATH}`, {
    headers: { cookie: client.sessionCookie!, origin: base.replace(/^ws/, 'http') },
  });
  await new Promise((resolve) => socket.once('open', resolve));
  const report = () =>
    socket.send(JSON.stringify({ type: 'presence', visible: true, conversation }));
  report();
  return { socket, report };
}

/** The member's presence row as the server holds it. */
const presenceOf = (memberId: number) =>
  t.db
    .selectFrom('page_presence')
    .select(['visible', 'conversation_id'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();

describe('/api/notifications.php', () => {
  it('lists new likes and messages newest first, one per conversation while unread', async () => {
    const me = await member();
    const liker = await member({ name: 'Lotte' });
    const writer = await member({ name: 'Jonas' });
    await like(liker.client, me.id);
    const id = await chat(writer, me);
    await send(writer.client, id, 'Hello');
    await send(writer.client, id, 'Are you there?');

    const body = await list(me.client);
    expect(body.unread).toBe(2);
    expect(body.notifications).toHaveLength(2);
    expect(body.notifications[0]).toMatchObject({
      kind: 'message',
      count: 2,
      read: false,
      conversation: id,
      actor: { id: writer.id, name: 'Jonas', deleted: false },
    });
    expect(body.notifications[1]).toMatchObject({ kind: 'like', actor: { name: 'Lotte' } });
    expect(body.notifications[0].actor).not.toHaveProperty('email');

    // Liking again after an unlike adds nothing while the first is unread.
    await liker.client.call({
      method: 'DELETE',
      url: '/api/likes.php',
      payload: { profile: me.id },
    });
    await like(liker.client, me.id);
    expect((await list(me.client)).notifications).toHaveLength(2);
  });

  it('marks read by id or all; reading the chat or the liker settles theirs', async () => {
    const me = await member();
    const liker = await member();
    const writer = await member();
    await like(liker.client, me.id);
    const id = await chat(writer, me);
    await send(writer.client, id, 'Hi');
    const [message, likeNote] = (await list(me.client)).notifications;

    await me.client.call({ method: 'GET', url: `/api/messages.php?conversation=${id}` });
    expect((await list(me.client)).notifications[0]).toMatchObject({ id: message.id, read: true });
    await me.client.call({ method: 'GET', url: `/api/profile.php?id=${liker.id}` });
    expect((await list(me.client)).unread).toBe(0);

    await send(writer.client, id, 'New one');
    const fresh = (await list(me.client)).notifications[0];
    expect(fresh).toMatchObject({ kind: 'message', count: 1, read: false });
    // Someone else's id changes nothing for them.
    const other = await me.client.call({
      method: 'POST',
      url: '/api/notifications.php',
      payload: { ids: [fresh.id] },
    });
    expect(other.json()).toEqual({ unread: 0 });
    expect(likeNote.read).toBe(false);
    await send(writer.client, id, 'And another');
    const all = await me.client.call({
      method: 'POST',
      url: '/api/notifications.php',
      payload: { all: true },
    });
    expect(all.json()).toEqual({ unread: 0 });
  });

  it('refuses visitors and bad bodies', async () => {
    expect(
      (await new Client(t.app).call({ method: 'GET', url: '/api/notifications.php' })).statusCode,
    ).toBe(403);
    const me = await member();
    for (const payload of [
      {},
      { ids: [] },
      { ids: ['1'] },
      { all: false },
      { all: true, ids: [1] },
    ]) {
      const res = await me.client.call({ method: 'POST', url: '/api/notifications.php', payload });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('Web Push', () => {
  it('pushes a new like and a new message, encrypted, in the member’s language', async () => {
    const me = await member({}, 'de');
    const sub = await subscribe(me.id);
    const liker = await member({ name: 'Lotte' });
    await like(liker.client, me.id);
    const writer = await member({ name: 'Jonas' });
    const id = await chat(writer, me);
    const sent = (await send(writer.client, id, 'Hallo, wie geht es dir?')).json();
    const pushes = await pushesTo(sub.endpoint);
    // The badge is counted when a push goes out: by then, one new like and one message.
    // The worker sends both at once, so they may arrive in either order.
    expect(pushes).toHaveLength(2);
    expect(pushes).toEqual(
      expect.arrayContaining([
        {
          title: 'Lotte mag dich',
          body: expect.any(String),
          url: '/likes',
          tag: 'likes',
          badge: 2,
        },
        {
          title: 'Neue Nachricht von Jonas',
          body: 'Hallo, wie geht es dir?',
          url: `/chats/${id}`,
          tag: `message-${sent.message.id}`,
          badge: 2,
        },
      ]),
    );
    expect(push.received.at(-1)?.headers.authorization).toMatch(/^vapid t=/);
  });

  it('names the message as Topic and tag, the same on a repeat, so the repeat replaces', async () => {
    const me = await member();
    const sub = await subscribe(me.id);
    const writer = await member({ name: 'Jonas' });
    const id = await chat(writer, me);
    const sent = (await send(writer.client, id, 'Hello there')).json();
    const [job] = await t.db
      .selectFrom('outbox')
      .select(['kind', 'member_id', 'payload'])
      .where('kind', '=', 'push')
      .where('member_id', '=', me.id)
      .execute();
    // The job again, as after an instance died between the push and marking it done.
    await t.db
      .insertInto('outbox')
      .values({ ...job!, payload: JSON.stringify(job!.payload) })
      .execute();
    const path = new URL(sub.endpoint).pathname;
    await pushesTo(sub.endpoint);
    const arrived = push.received.filter((p) => p.path === path);
    expect(arrived).toHaveLength(2);
    for (const received of arrived) {
      expect(received.headers.topic).toBe(`message-${sent.message.id}`);
      expect(received.payload.tag).toBe(`message-${sent.message.id}`);
    }
    // A later message in the chat is a new notification: its own Topic and tag.
    const next = (await send(writer.client, id, 'Are you there?')).json();
    await pushesTo(sub.endpoint);
    expect(push.received.filter((p) => p.path === path).at(-1)?.headers.topic).toBe(
      `message-${next.message.id}`,
    );
  });

  it('carries the badge the open app shows: the lists’ unread messages and new likes', async () => {
    const me = await member();
    const sub = await subscribe(me.id);
    // A like from a member who never confirmed their address is in no list, so in no badge.
    const unconfirmed = await createMember(t.db, { activated: false });
    await t.db.insertInto('likes').values({ liker_id: unconfirmed.id, liked_id: me.id }).execute();
    const writer = await member();
    const id = await chat(writer, me);
    await send(writer.client, id, 'One');
    await send(writer.client, id, 'Two');
    const liker = await member({ name: 'Lotte' });
    await like(liker.client, me.id);

    const pushes = await pushesTo(sub.endpoint);
    const chats = (await me.client.call({ method: 'GET', url: '/api/chats.php' })).json().chats;
    const likes = (await me.client.call({ method: 'GET', url: '/api/likes.php' })).json();
    const shown = badgeCount(chats, likes.liked_by);
    expect(shown).toBe(3);
    expect(pushes.map((p) => p.badge)).toEqual(pushes.map(() => shown));
    expect(pushes.length).toBeGreaterThan(0);
  });

  it('holds back a push for the chat the member is looking at, until the page is hidden', async () => {
    const me = await member();
    const sub = await subscribe(me.id);
    const writer = await member();
    const id = await chat(writer, me);
    const { socket } = await openTab(me.client, id);
    await expect.poll(async () => (await presenceOf(me.id))?.conversation_id).toBe(id);
    await send(writer.client, id, 'You are reading this live');
    expect(await pushesTo(sub.endpoint)).toEqual([]);

    const hidden = await me.client.call({
      method: 'POST',
      url: '/api/page-hidden.php',
      payload: {},
    });
    expect(hidden.json()).toEqual({ ok: true });
    await send(writer.client, id, 'Now you are away');
    const pushes = await pushesTo(sub.endpoint);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.url).toBe(`/chats/${id}`);
    socket.close();
  });

  it('asks the login’s other tabs to report again when one goes hidden, so a visible one still counts', async () => {
    const me = await member();
    const sub = await subscribe(me.id);
    const writer = await member();
    const id = await chat(writer, me);
    const { socket, report } = await openTab(me.client, id);
    const asked: unknown[] = [];
    socket.on('message', (data) => {
      if (JSON.parse(String(data)).type !== 'report_presence') return;
      asked.push(data);
      // This tab is still in view: it says so, as the app does.
      report();
    });
    await me.client.call({ method: 'POST', url: '/api/page-hidden.php', payload: {} });
    await expect.poll(() => asked.length).toBe(1);
    await expect.poll(async () => (await presenceOf(me.id))?.visible).toBe(true);
    await send(writer.client, id, 'Seen in the other tab');
    expect(await pushesTo(sub.endpoint)).toEqual([]);
    socket.close();
  });

  it('drops a subscription the push service calls gone', async () => {
    const me = await member();
    const gone = await subscribe(me.id);
    const kept = await subscribe(me.id);
    push.status(gone.endpoint, 410);
    const liker = await member();
    await like(liker.client, me.id);
    expect(await pushesTo(kept.endpoint)).toHaveLength(1);
    const left = await t.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('member_id', '=', me.id)
      .execute();
    expect(left.map((s) => s.endpoint)).toEqual([kept.endpoint]);
  });

  it('follows no redirect from a push service, so it posts nowhere else', async () => {
    const me = await member();
    const sub = await subscribe(me.id);
    // An allowed host that answers with an address of its choosing (an internal one, say).
    const elsewhere = `${new URL(sub.endpoint).origin}/internal/admin`;
    push.redirect(sub.endpoint, elsewhere);
    const liker = await member();
    await like(liker.client, me.id);
    expect(await pushesTo(sub.endpoint)).toEqual([]);
    expect(push.posted).toContain(new URL(sub.endpoint).pathname);
    expect(push.posted).not.toContain('/internal/admin');
    // Not delivered: the job waits for another try.
    const job = await t.db
      .selectFrom('outbox')
      .select(['status', 'last_error'])
      .where('kind', '=', 'push')
      .where('member_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'pending', last_error: 'HTTP 307' });
  });

  it('sends nothing to members without a subscription', async () => {
    const me = await member();
    const liker = await member();
    await like(liker.client, me.id);
    const queued = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'push')
      .where('member_id', '=', me.id)
      .execute();
    expect(queued).toEqual([]);
  });
});

describe('the digest mail', () => {
  /** Makes the member's notifications look `minutes` old. */
  const age = (memberId: number, minutes: number) =>
    t.db
      .updateTable('notifications')
      .set({ created_at: sql`now() - make_interval(mins => ${minutes})` })
      .where('member_id', '=', memberId)
      .execute();

  const digestsTo = (memberId: number) =>
    t.db
      .selectFrom('outbox')
      .select(['payload'])
      .where('member_id', '=', memberId)
      .where(sql`payload->>'template'`, '=', 'digest')
      .execute();

  it('goes once a day to members with neither push nor an open app, with news only', async () => {
    const me = await member({ name: 'Noor' }, 'nl');
    const liker = await member();
    await like(liker.client, me.id);
    // Fresh news waits for the app or a push first.
    await queueDigests(t.db);
    expect(await digestsTo(me.id)).toHaveLength(0);

    await age(me.id, 20);
    await queueDigests(t.db);
    await queueDigests(t.db);
    const [digest] = await digestsTo(me.id);
    expect(await digestsTo(me.id)).toHaveLength(1);
    expect(digest?.payload).toMatchObject({
      locale: 'nl',
      data: { name: 'Noor', likes: 1, messages: 0 },
    });

    // New news the same day waits for tomorrow.
    const writer = await member();
    await send(writer.client, await chat(writer, me), 'Hoi!');
    await age(me.id, 30);
    await queueDigests(t.db);
    expect(await digestsTo(me.id)).toHaveLength(1);

    await t.db
      .updateTable('members')
      .set({ digest_sent_at: sql`now() - interval '25 hours'` })
      .where('id', '=', me.id)
      .execute();
    await age(me.id, 30);
    await queueDigests(t.db);
    expect(await digestsTo(me.id)).toHaveLength(2);
  });

  it('skips members with push, and unsubscribes through the signed link without login', async () => {
    const pushed = await member();
    await subscribe(pushed.id);
    const me = await member();
    const liker = await member();
    await like(liker.client, pushed.id);
    await like(liker.client, me.id);
    await age(pushed.id, 20);
    await age(me.id, 20);
    await queueDigests(t.db);
    expect(await digestsTo(pushed.id)).toHaveLength(0);
    const [digest] = await digestsTo(me.id);
    const link = (digest!.payload as { data: { unsubscribePath: string } }).data.unsubscribePath;

    const visitor = new Client(t.app);
    const forged = await visitor.call({ method: 'GET', url: link.replace(/s=[^&]+/, 's=forged') });
    expect(forged.headers.location).toBe('/?unsubscribed=0');
    const other = await visitor.call({
      method: 'GET',
      url: link.replace(/m=\d+/, `m=${liker.id}`),
    });
    expect(other.headers.location).toBe('/?unsubscribed=0');
    const done = await visitor.call({ method: 'GET', url: link });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/?unsubscribed=1');
    const row = await t.db
      .selectFrom('members')
      .select('digest_opt_out')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row.digest_opt_out).toBe(true);
  });
});
