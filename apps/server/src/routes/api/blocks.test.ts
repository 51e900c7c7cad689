import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits } from '../../modules/credits/credit-ledger.repository.js';
import { notifyMembers } from '../../modules/live/live-notify.js';
import { queueDigests } from '../../modules/notifications/digest.service.js';
import { createMember, type MemberSpec } from '../../test/factories.js';
import { listening, openLive, until } from '../../test/live-socket.js';
import { startPushEndpoint } from '../../test/push-endpoint.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let push: Awaited<ReturnType<typeof startPushEndpoint>>;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ PUSH_SERVICE_HOSTS: '127.0.0.1' });
  push = await startPushEndpoint();
  base = await listening(t.app);
});
afterAll(async () => {
  await t.close();
  await push.close();
});

type Member = Awaited<ReturnType<typeof logInNewMember>>;

/** A logged-in member with credits to write; `country` keeps a test's search to itself. */
async function member(spec: MemberSpec = {}) {
  const m = await logInNewMember(t, spec);
  await changeCredits(t.db, { memberId: m.id, amount: 50, reason: 'opening' });
  return m;
}

const block = (by: Member, profile: number) =>
  by.client.call({ method: 'POST', url: '/api/block.php', payload: { profile } });
const unblock = (by: Member, profile: number) =>
  by.client.call({ method: 'DELETE', url: '/api/block.php', payload: { profile } });
const blocks = async (of: Member) =>
  (await of.client.call({ method: 'GET', url: '/api/blocks.php' })).json().profiles as {
    id: number;
  }[];
const profile = (viewer: Member, id: number) =>
  viewer.client.call({ method: 'GET', url: `/api/profile.php?id=${id}` });
const startChat = (from: Member, to: number) =>
  from.client.call({ method: 'GET', url: `/api/chat.php?profile=${to}` });
const like = (from: Member, to: number) =>
  from.client.call({ method: 'POST', url: '/api/likes.php', payload: { profile: to } });
const send = (from: Member, conversation: number, text: string) =>
  from.client.call({ method: 'POST', url: '/api/messages.php', payload: { conversation, text } });
const history = (of: Member, conversation: number) =>
  of.client.call({ method: 'GET', url: `/api/messages.php?conversation=${conversation}` });
const ids = (list: { id: number }[]) => list.map((p) => p.id);
const chats = async (of: Member) =>
  (await of.client.call({ method: 'GET', url: '/api/chats.php' })).json().chats as {
    profile: { id: number };
    num_unread_messages: number;
  }[];
const chatPartners = async (of: Member) => (await chats(of)).map((c) => c.profile.id);
const likes = async (of: Member) =>
  (await of.client.call({ method: 'GET', url: '/api/likes.php' })).json() as {
    profiles: { id: number }[];
    liked_by: { id: number; like_new: boolean }[];
  };
const notifications = async (of: Member) =>
  (await of.client.call({ method: 'GET', url: '/api/notifications.php' })).json();

/** Two members who liked and wrote each other (`a` first); answers their conversation. */
async function acquainted(a: Member, b: Member) {
  expect((await like(a, b.id)).statusCode).toBe(200);
  expect((await like(b, a.id)).statusCode).toBe(200);
  const conversation = (await startChat(a, b.id)).json().id as number;
  expect((await send(a, conversation, 'Hi there')).statusCode).toBe(200);
  expect((await send(b, conversation, 'Hello you')).statusCode).toBe(200);
  return conversation;
}

/**
 * What reached a tab up to now: a marker event is sent to its member and awaited, so
 * anything sent before it (NOTIFY keeps commit order) has arrived too.
 */
async function settled(tab: Awaited<ReturnType<typeof openLive>>, memberId: number) {
  await notifyMembers(t.db, [memberId], { type: 'report_presence' });
  await until(() => tab.received.some((e) => e.type === 'report_presence'), 'the marker');
  const seen = tab.received.filter((e) => e.type !== 'report_presence');
  tab.received.length = 0;
  return seen;
}

describe('POST, DELETE /api/block.php and GET /api/blocks.php', () => {
  it('answers 403 not_logged_in to a visitor', async () => {
    const visitor = new Client(t.app);
    const other = await createMember(t.db);
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await visitor.call({
        method,
        url: '/api/block.php',
        payload: { profile: other.id },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('not_logged_in');
    }
    const list = await visitor.call({ method: 'GET', url: '/api/blocks.php' });
    expect(list.statusCode).toBe(403);
    expect(list.json().error.code).toBe('not_logged_in');
  });

  it('refuses a block or unblock without X-App-Package (403), changing nothing', async () => {
    const me = await member();
    const other = await createMember(t.db);
    const cookie = me.client.sessionCookie!;
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/block.php',
      payload: { profile: other.id },
      headers: { cookie },
    });
    expect(posted.statusCode).toBe(403);
    expect(posted.json().error.code).toBe('missing_app_package');
    expect(await blocks(me)).toEqual([]);

    await block(me, other.id);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/block.php',
      payload: { profile: other.id },
      headers: { cookie },
    });
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().error.code).toBe('missing_app_package');
    expect(ids(await blocks(me))).toEqual([other.id]);
  });

  it('refuses blocking oneself (400), an id that never was a member (404) and bad input', async () => {
    const me = await member();
    const self = await block(me, me.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('cannot_block_self');
    const unknown = await block(me, 987_654_321);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('member_not_found');
    for (const method of ['POST', 'DELETE'] as const) {
      const bad = await me.client.call({
        method,
        url: '/api/block.php',
        payload: { profile: 'x' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('invalid_input');
    }
    expect(await blocks(me)).toEqual([]);
  });

  it('blocks once however often asked, lists the newest first, and unblocks idempotently', async () => {
    const me = await member();
    const [x, y] = await Promise.all([createMember(t.db), createMember(t.db)]);
    expect((await block(me, x.id)).json()).toEqual({ ok: true });
    const again = await block(me, x.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true });
    await t.db
      .updateTable('blocks')
      .set({ created_at: sql`now() - interval '1 minute'` })
      .where('blocker_id', '=', me.id)
      .execute();
    expect((await block(me, y.id)).statusCode).toBe(200);
    const listed = await blocks(me);
    expect(ids(listed)).toEqual([y.id, x.id]);
    // No e-mail address travels with a listed profile.
    expect(JSON.stringify(listed)).not.toContain('@');

    expect((await unblock(me, y.id)).json()).toEqual({ ok: true });
    expect((await unblock(me, y.id)).statusCode).toBe(200);
    // Unblocking someone never blocked, or no member at all, is no error either.
    expect((await unblock(me, 987_654_321)).json()).toEqual({ ok: true });
    expect(ids(await blocks(me))).toEqual([x.id]);
  });

  it('blocks a member who left or was banned, lists them only should they return', async () => {
    const me = await member();
    const gone = await createMember(t.db, { status: 'deleted' });
    const banned = await createMember(t.db, { status: 'banned' });
    expect((await block(me, gone.id)).statusCode).toBe(200);
    expect((await block(me, banned.id)).statusCode).toBe(200);
    expect(await blocks(me)).toEqual([]);

    await t.db
      .updateTable('members')
      .set({ status: 'active' })
      .where('id', '=', banned.id)
      .execute();
    expect(ids(await blocks(me))).toEqual([banned.id]);
    expect((await profile(me, banned.id)).statusCode).toBe(404);
  });

  it('tells the blocker’s open tabs to refresh chats, likes and notifications, the blocked member’s nothing', async () => {
    const a = await member();
    const b = await member();
    const tabA = await openLive(base, a.client.sessionCookie);
    const tabB = await openLive(base, b.client.sessionCookie);
    await block(a, b.id);
    const hints = (await settled(tabA, a.id)).map((e) => e.type).sort();
    expect(hints).toEqual(['chats', 'likes', 'notifications']);
    expect(await settled(tabB, b.id)).toEqual([]);

    // Asking again changes nothing, so nobody hears of it.
    await block(a, b.id);
    expect(await settled(tabA, a.id)).toEqual([]);

    await unblock(a, b.id);
    expect((await settled(tabA, a.id)).map((e) => e.type).sort()).toEqual([
      'chats',
      'likes',
      'notifications',
    ]);
    expect(await settled(tabB, b.id)).toEqual([]);
    tabA.socket.close();
    tabB.socket.close();
  });
});

describe('after A blocks B', () => {
  it('hides each profile (and landing page) from the other until A unblocks; their own stay', async () => {
    const a = await member();
    const b = await member();
    await block(a, b.id);
    // A member landing (/members/{id}/landing) loads the member through this same call.
    for (const [viewer, id] of [
      [b, a.id],
      [a, b.id],
    ] as const) {
      const res = await profile(viewer, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('member_not_found');
    }
    expect((await profile(a, a.id)).statusCode).toBe(200);
    expect((await profile(b, b.id)).statusCode).toBe(200);
    // A third member, and a visitor, still see both.
    const c = await member();
    expect((await profile(c, a.id)).statusCode).toBe(200);
    expect((await profile(c, b.id)).statusCode).toBe(200);
    const visitor = await new Client(t.app).call({
      method: 'GET',
      url: `/api/profile.php?id=${a.id}`,
    });
    expect(visitor.statusCode).toBe(200);

    await unblock(a, b.id);
    expect((await profile(b, a.id)).statusCode).toBe(200);
    expect((await profile(a, b.id)).statusCode).toBe(200);
  });

  it('refuses a chat start and a like both ways with 404 member_not_found', async () => {
    const a = await member();
    const b = await member();
    await startChat(b, a.id);
    await block(a, b.id);
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const chat = await startChat(from, to.id);
      expect(chat.statusCode).toBe(404);
      expect(chat.json().error.code).toBe('member_not_found');
      const liked = await like(from, to.id);
      expect(liked.statusCode).toBe(404);
      expect(liked.json().error.code).toBe('member_not_found');
    }
    const stored = await t.db
      .selectFrom('likes')
      .select('liker_id')
      .where('liker_id', 'in', [a.id, b.id])
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses a message in their conversation both ways with 403 blocked, storing and charging nothing', async () => {
    const a = await member();
    const b = await member();
    const conversation = (await startChat(b, a.id)).json().id as number;
    await block(a, b.id);
    for (const from of [a, b]) {
      const sent = await send(from, conversation, 'Are you there?');
      expect(sent.statusCode).toBe(403);
      expect(sent.json().error.code).toBe('blocked');
    }
    // Blocked comes before gone: the answer does not change should B leave.
    await t.db.updateTable('members').set({ status: 'deleted' }).where('id', '=', b.id).execute();
    expect((await send(a, conversation, 'Still there?')).json().error.code).toBe('blocked');

    const stored = await t.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', conversation)
      .execute();
    expect(stored).toEqual([]);
    const credits = await t.db
      .selectFrom('members')
      .select('credits')
      .where('id', 'in', [a.id, b.id])
      .execute();
    expect(credits.map((c) => c.credits)).toEqual([50, 50]);
  });

  it('shows their conversation as with a member who left: the history, no profile, nothing read', async () => {
    const a = await member();
    const b = await member();
    const conversation = await acquainted(a, b);
    const tabB = await openLive(base, b.client.sessionCookie);
    // Events of the messages before may still be on their way (PostgreSQL delivers NOTIFY
    // after the commit): drained first, so only what follows the block counts.
    await settled(tabB, b.id);
    await block(a, b.id);
    for (const [viewer, other] of [
      [b, a],
      [a, b],
    ] as const) {
      const page = await history(viewer, conversation);
      expect(page.statusCode).toBe(200);
      const body = page.json();
      expect(body.profile).toMatchObject({ id: other.id, deleted: true, name: '', images: [] });
      expect(body.messages.map((m: { text: string }) => m.text)).toEqual(['Hi there', 'Hello you']);
    }
    // A opened B's unread message while blocked: B learns nothing of it, neither live nor
    // from the read mark the page shows.
    expect(await settled(tabB, b.id)).toEqual([]);
    const seenByB = (await history(b, conversation)).json().conversation.other_read_up_to;
    const lastOfA = (await history(a, conversation)).json().messages[0].id;
    expect(seenByB).toBe(lastOfA);
    tabB.socket.close();

    await unblock(a, b.id);
    const [chat] = await chats(a);
    expect(chat).toMatchObject({ profile: { id: b.id }, num_unread_messages: 1 });
  });

  it('takes them out of each other’s likes, and their likes out of the new-likes count', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await like(a, b.id);
    await like(b, a.id);
    await like(c, a.id);
    await block(a, b.id);

    for (const [viewer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const { profiles, liked_by } = await likes(viewer);
      expect(ids(profiles)).not.toContain(other.id);
      expect(ids(liked_by)).not.toContain(other.id);
    }
    // The badge counts the new likes listed: C's alone.
    const { liked_by } = await likes(a);
    expect(liked_by.filter((l) => l.like_new).map((l) => l.id)).toEqual([c.id]);

    // Unliking a blocked member tells their tabs nothing.
    const tabB = await openLive(base, b.client.sessionCookie);
    expect(
      (await a.client.call({ method: 'DELETE', url: `/api/likes.php?profile=${b.id}` })).statusCode,
    ).toBe(200);
    expect(await settled(tabB, b.id)).toEqual([]);
    tabB.socket.close();

    await unblock(a, b.id);
    const back = await likes(a);
    expect(back.liked_by.find((l) => l.id === b.id)).toMatchObject({ like_new: true });
  });

  it('takes their conversation out of both chat lists and unread counts; unblocking brings it back whole', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const conversation = await acquainted(a, b);
    await acquainted(a, c);
    await send(b, conversation, 'Unread, still');
    await block(a, b.id);

    expect(await chatPartners(a)).toEqual([c.id]);
    expect(await chatPartners(b)).toEqual([]);
    // The unread-messages badge sums the listed chats: only C's message is unread for A.
    expect((await chats(a)).map((chat) => chat.num_unread_messages)).toEqual([1]);

    await unblock(a, b.id);
    expect(await chatPartners(b)).toEqual([a.id]);
    expect(await chatPartners(a)).toContain(b.id);
    const fromB = (await chats(a)).find((chat) => chat.profile.id === b.id);
    expect(fromB?.num_unread_messages).toBe(2);
    const page = await history(a, conversation);
    expect(page.json().profile).toMatchObject({ id: b.id, deleted: false });
    expect(page.json().messages.map((m: { text: string }) => m.text)).toEqual([
      'Hi there',
      'Hello you',
      'Unread, still',
    ]);
  });

  it('leaves each out of the other’s search, its count, /signup-matches and similar profiles', async () => {
    // A country of their own, so the search lists just this test's members.
    const spec = { country: 'AT', gender: 'female' as const, dateOfBirth: '1990-01-01' };
    const a = await member(spec);
    const b = await member(spec);
    const c = await member(spec);
    const search = async (viewer: Member, query: string) => {
      const body = (
        await viewer.client.call({ method: 'GET', url: `/api/search.php${query}` })
      ).json();
      return { found: ids(body.profiles), count: body.paging.num_results as number };
    };
    const filtered = '?country=AT&min_age=18&max_age=99';
    const similar = async (viewer: Member, of: number) =>
      ids(
        (await viewer.client.call({ method: 'GET', url: `/api/similar.php?id=${of}` })).json()
          .profiles,
      );
    expect(await search(a, filtered)).toEqual({
      found: expect.arrayContaining([b.id, c.id]),
      count: 2,
    });
    expect(await similar(a, c.id)).toContain(b.id);

    await block(b, a.id);
    expect(await search(a, filtered)).toEqual({ found: [c.id], count: 1 });
    expect(await search(b, filtered)).toEqual({ found: [c.id], count: 1 });
    // /signup-matches asks the search without filters: the member's own country.
    expect((await search(a, '')).found).toEqual([c.id]);
    expect((await search(b, '')).found).toEqual([c.id]);
    expect(await similar(a, c.id)).not.toContain(b.id);
    expect(await similar(b, c.id)).not.toContain(a.id);
    expect(
      (await a.client.call({ method: 'GET', url: `/api/similar.php?id=${b.id}` })).statusCode,
    ).toBe(404);
    // C still finds both.
    expect((await search(c, filtered)).count).toBe(2);

    await unblock(b, a.id);
    expect((await search(a, filtered)).count).toBe(2);
  });

  it('drops what the other did from notifications and their unread count', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await acquainted(b, a);
    await like(c, a.id);
    expect((await notifications(a)).unread).toBe(3);
    await block(a, b.id);

    const after = await notifications(a);
    expect(after.unread).toBe(1);
    expect(after.notifications.map((n: { actor: { id: number } }) => n.actor.id)).toEqual([c.id]);
    // B hears nothing of A either (A's like and message).
    const ofB = await notifications(b);
    expect(ofB.unread).toBe(0);
    expect(ofB.notifications).toEqual([]);

    await unblock(a, b.id);
    expect((await notifications(a)).unread).toBe(3);
  });

  it('sends no push queued about the other, and leaves them out of a push’s badge', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const subscription = push.subscription();
    await t.db
      .insertInto('push_subscriptions')
      .values({ member_id: a.id, ...subscription })
      .execute();
    await acquainted(b, a);
    await like(c, a.id);
    // The pushes are queued; A blocks B before the outbox sends them.
    await block(a, b.id);

    const worker = t.startWorker({ pollIntervalMs: 60_000 });
    await worker.runOnce();
    await worker.stop();
    const path = new URL(subscription.endpoint).pathname;
    const pushed = push.received.filter((p) => p.path === path).map((p) => p.payload);
    // C's like alone, and the badge counts it alone (not B's like and message).
    expect(pushed).toEqual([expect.objectContaining({ tag: 'likes', badge: 1 })]);
  });

  it('leaves the other out of the digest mail', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await acquainted(b, a);
    await like(c, a.id);
    await block(a, b.id);
    await t.db
      .updateTable('notifications')
      .set({ created_at: sql`now() - interval '1 hour'` })
      .where('member_id', 'in', [a.id, b.id])
      .execute();
    await queueDigests(t.db);
    const digests = await t.db
      .selectFrom('outbox')
      .select(['member_id', 'payload'])
      .where(sql`payload->>'template'`, '=', 'digest')
      .where('member_id', 'in', [a.id, b.id])
      .execute();
    // A hears of C's like only; B, whose news all came from A, gets no digest at all.
    expect(digests).toEqual([
      {
        member_id: a.id,
        payload: expect.objectContaining({
          data: expect.objectContaining({ likes: 1, messages: 0 }),
        }),
      },
    ]);
  });
});
