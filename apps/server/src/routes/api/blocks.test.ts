import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits } from '../../modules/credits/credit-ledger.repository.js';
import { queueDigests } from '../../modules/notifications/digest.service.js';
import { createMember, type MemberSpec } from '../../test/factories.js';
import { startPushEndpoint } from '../../test/push-endpoint.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let push: Awaited<ReturnType<typeof startPushEndpoint>>;
beforeAll(async () => {
  t = await createTestApp({ PUSH_SERVICE_HOSTS: '127.0.0.1' });
  push = await startPushEndpoint();
});
afterAll(async () => {
  await t.close();
  await push.close();
});

type Member = Awaited<ReturnType<typeof logInNewMember>>;

/** A logged-in member with credits to write; `country` keeps each test's search to itself. */
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
const ids = (list: { id: number }[]) => list.map((p) => p.id);
const chatPartners = async (of: Member) =>
  (await of.client.call({ method: 'GET', url: '/api/chats.php' }))
    .json()
    .chats.map((c: { profile: { id: number } }) => c.profile.id);
const notifications = async (of: Member) =>
  (await of.client.call({ method: 'GET', url: '/api/notifications.php' })).json();

/** Two members who liked and wrote each other; answers their conversation. */
async function acquainted(a: Member, b: Member) {
  expect((await like(a, b.id)).statusCode).toBe(200);
  expect((await like(b, a.id)).statusCode).toBe(200);
  const conversation = (await startChat(a, b.id)).json().id as number;
  expect((await send(a, conversation, 'Hi there')).statusCode).toBe(200);
  expect((await send(b, conversation, 'Hello you')).statusCode).toBe(200);
  return conversation;
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
  });

  it('refuses blocking oneself (400), an id that never was a member (404) and bad input', async () => {
    const me = await member();
    const self = await block(me, me.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('cannot_block_self');
    const unknown = await block(me, 987_654_321);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('member_not_found');
    const bad = await me.client.call({
      method: 'POST',
      url: '/api/block.php',
      payload: { profile: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_input');
    expect(await blocks(me)).toEqual([]);
  });

  it('blocks once however often asked, lists the newest first, and unblocks idempotently', async () => {
    const me = await member();
    const [x, y] = await Promise.all([createMember(t.db), createMember(t.db)]);
    expect((await block(me, x.id)).json()).toEqual({ ok: true });
    expect((await block(me, x.id)).statusCode).toBe(200);
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
    expect(ids(await blocks(me))).toEqual([x.id]);
  });

  it('may block a member who left, and does not list them', async () => {
    const me = await member();
    const gone = await createMember(t.db, { status: 'deleted' });
    expect((await block(me, gone.id)).statusCode).toBe(200);
    expect(await blocks(me)).toEqual([]);
  });
});

describe('after A blocks B', () => {
  it('hides each profile from the other until A unblocks; their own stay', async () => {
    const a = await member();
    const b = await member();
    await block(a, b.id);
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
    // A third member still sees both.
    const c = await member();
    expect((await profile(c, a.id)).statusCode).toBe(200);
    expect((await profile(c, b.id)).statusCode).toBe(200);

    await unblock(a, b.id);
    expect((await profile(b, a.id)).statusCode).toBe(200);
    expect((await profile(a, b.id)).statusCode).toBe(200);
  });

  it('refuses a chat start and a like both ways (404), and a message both ways (403 blocked)', async () => {
    const a = await member();
    const b = await member();
    const conversation = (await startChat(b, a.id)).json().id as number;
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
      const sent = await send(from, conversation, 'Are you there?');
      expect(sent.statusCode).toBe(403);
      expect(sent.json().error.code).toBe('blocked');
    }
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

  it('shows the history of their conversation as with a member who left, nothing more', async () => {
    const a = await member();
    const b = await member();
    const conversation = await acquainted(a, b);
    await block(a, b.id);
    const page = await b.client.call({
      method: 'GET',
      url: `/api/messages.php?conversation=${conversation}`,
    });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.profile).toMatchObject({ id: a.id, deleted: true, name: '', images: [] });
    expect(body.messages.map((m: { text: string }) => m.text)).toEqual(['Hi there', 'Hello you']);
  });

  it('takes them out of each other’s likes and chats; unblocking brings the chat back whole', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const conversation = await acquainted(a, b);
    await acquainted(a, c);
    await block(a, b.id);

    for (const [viewer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const likes = (await viewer.client.call({ method: 'GET', url: '/api/likes.php' })).json();
      expect(ids(likes.profiles)).not.toContain(other.id);
      expect(ids(likes.liked_by)).not.toContain(other.id);
      expect(await chatPartners(viewer)).not.toContain(other.id);
    }
    expect(await chatPartners(a)).toEqual([c.id]);

    await unblock(a, b.id);
    expect(await chatPartners(b)).toContain(a.id);
    const page = await a.client.call({
      method: 'GET',
      url: `/api/messages.php?conversation=${conversation}`,
    });
    expect(page.json().profile).toMatchObject({ id: b.id, deleted: false });
    expect(page.json().messages).toHaveLength(2);
  });

  it('leaves each out of the other’s search and similar profiles', async () => {
    // A country of their own, so the search lists just this test's members.
    const spec = { country: 'AT', gender: 'female' as const, dateOfBirth: '1990-01-01' };
    const a = await member(spec);
    const b = await member(spec);
    const c = await member(spec);
    const found = async (viewer: Member) =>
      ids(
        (
          await viewer.client.call({
            method: 'GET',
            url: '/api/search.php?country=AT&min_age=18&max_age=99',
          })
        ).json().profiles,
      );
    const similar = async (viewer: Member, of: number) =>
      ids(
        (await viewer.client.call({ method: 'GET', url: `/api/similar.php?id=${of}` })).json()
          .profiles,
      );
    expect(await found(a)).toContain(b.id);
    expect(await similar(a, c.id)).toContain(b.id);

    await block(b, a.id);
    expect(await found(a)).not.toContain(b.id);
    expect(await found(b)).not.toContain(a.id);
    expect(await found(a)).toContain(c.id);
    expect(await similar(a, c.id)).not.toContain(b.id);
    expect(await similar(b, c.id)).not.toContain(a.id);
    expect(
      (await a.client.call({ method: 'GET', url: `/api/similar.php?id=${b.id}` })).statusCode,
    ).toBe(404);
  });

  it('drops what the other caused from notifications, their count, pushes and the digest', async () => {
    const a = await member();
    const b = await member();
    const subscription = push.subscription();
    await t.db
      .insertInto('push_subscriptions')
      .values({ member_id: a.id, ...subscription })
      .execute();
    await acquainted(b, a);
    const before = await notifications(a);
    expect(before.unread).toBe(2);
    // The pushes are queued; A blocks B before the outbox sends them.
    await block(a, b.id);

    const after = await notifications(a);
    expect(after.unread).toBe(0);
    expect(after.notifications).toEqual([]);
    const worker = t.startWorker({ pollIntervalMs: 60_000 });
    await worker.runOnce();
    await worker.stop();
    const path = new URL(subscription.endpoint).pathname;
    expect(push.received.filter((p) => p.path === path)).toEqual([]);

    // B has no push: the digest would tell them of A's like and message, were it not blocked.
    await t.db
      .updateTable('notifications')
      .set({ created_at: sql`now() - interval '1 hour'` })
      .where('member_id', 'in', [a.id, b.id])
      .execute();
    await queueDigests(t.db);
    const digests = await t.db
      .selectFrom('outbox')
      .select('member_id')
      .where(sql`payload->>'template'`, '=', 'digest')
      .where('member_id', 'in', [a.id, b.id])
      .execute();
    expect(digests).toEqual([]);

    await unblock(a, b.id);
    expect((await notifications(a)).unread).toBe(2);
  });
});
