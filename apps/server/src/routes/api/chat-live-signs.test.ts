import type { LiveEvent } from '@amora/shared/schemas/live';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits } from '../../modules/credits/credit-ledger.repository.js';
import { creditsOf } from '../../test/factories.js';
import { listening, openLive, until } from '../../test/live-socket.js';
import { startPushEndpoint } from '../../test/push-endpoint.js';
import { type Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let base: string;
let push: Awaited<ReturnType<typeof startPushEndpoint>>;
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
type Tab = Awaited<ReturnType<typeof openLive>>;

async function member() {
  const m = await logInNewMember(t);
  await changeCredits(t.db, { memberId: m.id, amount: 20, reason: 'opening' });
  return m;
}

async function chatBetween(a: Member, b: Member) {
  const res = await a.client.call({ method: 'GET', url: `/api/chat.php?profile=${b.id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

async function send(from: Member, conversation: number, text: string) {
  const res = await from.client.call({
    method: 'POST',
    url: '/api/messages.php',
    payload: { conversation, text },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message as { id: number; text: string };
}

const page = async (client: Client, conversation: number) => {
  const res = await client.call({
    method: 'GET',
    url: `/api/messages.php?conversation=${conversation}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    conversation: { id: number; other_read_up_to: number; other_delivered_up_to: number };
    messages: { id: number; text: string; removed?: boolean }[];
  };
};

const unsend = (client: Client, message: number | null, query = '') =>
  client.call({
    method: 'DELETE',
    url: `/api/messages.php${query}`,
    ...(message !== null && { payload: { message } }),
  });

const frame = (tab: Tab, data: unknown) => tab.socket.send(JSON.stringify(data));

const typingIn = (tab: Tab, conversation: number) =>
  tab.received.filter(
    (e): e is Extract<LiveEvent, { type: 'typing' }> =>
      e.type === 'typing' && e.conversation === conversation,
  );

const block = (by: Member, profile: number) =>
  by.client.call({ method: 'POST', url: '/api/block.php', payload: { profile } });
const unblock = (by: Member, profile: number) =>
  by.client.call({ method: 'DELETE', url: '/api/block.php', payload: { profile } });

/** A push subscription of the member's device, at the stand-in push service. */
async function subscribeToPush(m: { id: number }) {
  const subscription = push.subscription();
  await t.db
    .insertInto('push_subscriptions')
    .values({ member_id: m.id, ...subscription })
    .execute();
  return subscription;
}

describe('typing frames on the live channel', () => {
  it('reach the other participant’s tabs only, with the typist’s id, and store nothing', async () => {
    const a = await member();
    const b = await member();
    const conversation = await chatBetween(a, b);
    const aTab = await openLive(base, a.client.sessionCookie);
    const aOther = await openLive(base, a.client.sessionCookie);
    const bTab1 = await openLive(base, b.client.sessionCookie);
    const bTab2 = await openLive(base, b.client.sessionCookie);
    frame(aTab, { type: 'typing', conversation });
    await until(
      () =>
        typingIn(bTab1, conversation).length === 1 && typingIn(bTab2, conversation).length === 1,
      'both of B’s tabs',
    );
    expect(typingIn(bTab1, conversation)).toEqual([{ type: 'typing', conversation, member: a.id }]);
    // Neither the typist's own tabs hear it, nor does anything change in the conversation.
    expect(typingIn(aTab, conversation)).toEqual([]);
    expect(typingIn(aOther, conversation)).toEqual([]);
    expect((await page(b.client, conversation)).messages).toEqual([]);
    for (const tab of [aTab, aOther, bTab1, bTab2]) tab.socket.close();
  });

  it('are dropped for a member who is not in the conversation', async () => {
    const a = await member();
    const b = await member();
    const outsider = await member();
    const theirs = await chatBetween(a, b);
    const own = await chatBetween(outsider, b);
    const bTab = await openLive(base, b.client.sessionCookie);
    const outsiderTab = await openLive(base, outsider.client.sessionCookie);
    // The outsider's frame for A and B's conversation, then one for their own with B.
    frame(outsiderTab, { type: 'typing', conversation: theirs });
    frame(outsiderTab, { type: 'typing', conversation: own });
    await until(() => typingIn(bTab, own).length === 1, 'the frame of their own conversation');
    expect(typingIn(bTab, theirs)).toEqual([]);
    // Frames that are not typing, presence or ack are ignored too.
    frame(outsiderTab, { type: 'typing', conversation: -1 });
    frame(outsiderTab, { type: 'read', conversation: theirs });
    bTab.socket.close();
    outsiderTab.socket.close();
  });

  it('never pass a block, either way, and pass again once it is lifted', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const ab = await chatBetween(a, b);
    const ac = await chatBetween(a, c);
    const aTab = await openLive(base, a.client.sessionCookie);
    const bTab = await openLive(base, b.client.sessionCookie);
    const cTab = await openLive(base, c.client.sessionCookie);
    // A's socket knows its circle before the block: the block must reach it.
    frame(aTab, { type: 'typing', conversation: ab });
    await until(() => typingIn(bTab, ab).length === 1, 'the first frame');

    expect((await block(b, a.id)).statusCode).toBe(200);
    await until(() => bTab.received.some((e) => e.type === 'chats'), 'the block heard');
    frame(aTab, { type: 'typing', conversation: ab });
    frame(bTab, { type: 'typing', conversation: ab });
    frame(aTab, { type: 'typing', conversation: ac });
    await until(() => typingIn(cTab, ac).length === 1, 'the frame to C');
    expect(typingIn(bTab, ab)).toHaveLength(1);
    expect(typingIn(aTab, ab)).toEqual([]);

    const chatsBefore = bTab.received.filter((e) => e.type === 'chats').length;
    expect((await unblock(b, a.id)).statusCode).toBe(200);
    await until(
      () => bTab.received.filter((e) => e.type === 'chats').length > chatsBefore,
      'the unblock heard',
    );
    frame(aTab, { type: 'typing', conversation: ab });
    await until(() => typingIn(bTab, ab).length === 2, 'a frame after the unblock');
    for (const tab of [aTab, bTab, cTab]) tab.socket.close();
  });
});

describe('the delivered mark', () => {
  it('moves when a tab of the recipient acknowledges the live message, not before', async () => {
    const a = await member();
    const b = await member();
    const conversation = await chatBetween(a, b);
    const aTab = await openLive(base, a.client.sessionCookie);
    const bTab = await openLive(base, b.client.sessionCookie);
    const first = await send(a, conversation, 'Hello B');
    await until(() => bTab.received.some((e) => e.type === 'message'), 'the message');
    expect((await page(a.client, conversation)).conversation).toEqual({
      id: conversation,
      other_read_up_to: 0,
      other_delivered_up_to: 0,
    });

    // Acknowledging one's own message, or as someone else, moves nothing.
    frame(aTab, { type: 'ack', message: first.id });
    const outsider = await member();
    const outsiderTab = await openLive(base, outsider.client.sessionCookie);
    frame(outsiderTab, { type: 'ack', message: first.id });
    frame(bTab, { type: 'ack', message: first.id });
    await until(() => aTab.received.some((e) => e.type === 'delivered'), 'the delivered event');
    expect(aTab.received.filter((e) => e.type === 'delivered')).toEqual([
      { type: 'delivered', conversation, recipient: b.id, message: first.id },
    ]);
    expect((await page(a.client, conversation)).conversation).toEqual({
      id: conversation,
      other_read_up_to: 0,
      other_delivered_up_to: first.id,
    });
    // B fetches the page: now read, and delivered stays at least as far.
    await page(b.client, conversation);
    await until(() => aTab.received.some((e) => e.type === 'read'), 'the read event');
    expect((await page(a.client, conversation)).conversation).toMatchObject({
      other_read_up_to: first.id,
      other_delivered_up_to: first.id,
    });
    for (const tab of [aTab, bTab, outsiderTab]) tab.socket.close();
  });

  it('moves when the recipient fetches the conversation; a push alone does not count', async () => {
    const a = await member();
    const b = await member();
    const subscription = await subscribeToPush(b);
    const conversation = await chatBetween(a, b);
    const aTab = await openLive(base, a.client.sessionCookie);
    const sent = await send(a, conversation, 'Are you there?');
    const worker = t.startWorker({ pollIntervalMs: 60_000 });
    await worker.runOnce();
    await worker.stop();
    const path = new URL(subscription.endpoint).pathname;
    expect(push.received.filter((p) => p.path === path)).toHaveLength(1);
    expect((await page(a.client, conversation)).conversation.other_delivered_up_to).toBe(0);

    await page(b.client, conversation);
    await until(() => aTab.received.some((e) => e.type === 'delivered'), 'the delivered event');
    expect(aTab.received.find((e) => e.type === 'delivered')).toEqual({
      type: 'delivered',
      conversation,
      recipient: b.id,
      message: sent.id,
    });
    expect((await page(a.client, conversation)).conversation.other_delivered_up_to).toBe(sent.id);
    aTab.socket.close();
  });

  it('does not move between members who blocked each other', async () => {
    const a = await member();
    const b = await member();
    const conversation = await chatBetween(a, b);
    const sent = await send(a, conversation, 'Hi');
    expect((await block(a, b.id)).statusCode).toBe(200);
    const bTab = await openLive(base, b.client.sessionCookie);
    frame(bTab, { type: 'ack', message: sent.id });
    await page(b.client, conversation);
    expect((await page(a.client, conversation)).conversation.other_delivered_up_to).toBe(0);
    bTab.socket.close();
  });
});

describe('DELETE /api/messages.php (unsend)', () => {
  it('removes the text for both, live, keeps the place and the credits spent', async () => {
    const a = await member();
    const b = await member();
    const conversation = await chatBetween(a, b);
    await send(a, conversation, 'First');
    const oops = await send(a, conversation, 'Sent in error');
    const balance = await creditsOf(t.db, a.id);
    const aTab = await openLive(base, a.client.sessionCookie);
    const bTab = await openLive(base, b.client.sessionCookie);

    const res = await unsend(a.client, oops.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatchObject({ id: oops.id, text: '', removed: true });
    const removed = { type: 'message_removed', conversation, message: oops.id };
    await until(
      () =>
        aTab.received.some((e) => e.type === 'message_removed') &&
        bTab.received.some((e) => e.type === 'message_removed'),
      'both sides',
    );
    expect(bTab.received.find((e) => e.type === 'message_removed')).toEqual(removed);

    const forB = await page(b.client, conversation);
    expect(forB.messages.map((m) => [m.text, m.removed ?? false])).toEqual([
      ['First', false],
      ['', true],
    ]);
    const chats = (await b.client.call({ method: 'GET', url: '/api/chats.php' })).json().chats;
    expect(chats[0].last_message).toMatchObject({ id: oops.id, text: '', removed: true });
    expect(await creditsOf(t.db, a.id)).toBe(balance);
    // The text is gone from the database, not only from the answers.
    const row = await t.db
      .selectFrom('messages')
      .select(['text', 'removed_at'])
      .where('id', '=', oops.id)
      .executeTakeFirstOrThrow();
    expect(row.text).toBe('');
    expect(row.removed_at).not.toBeNull();
    // Unsending it again answers the same; the query form works too.
    const again = await unsend(a.client, null, `?message=${oops.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().message.removed).toBe(true);
    aTab.socket.close();
    bTab.socket.close();
  });

  it('answers 404 for someone else’s or an unknown message, 400 without one', async () => {
    const a = await member();
    const b = await member();
    const conversation = await chatBetween(a, b);
    const sent = await send(a, conversation, 'Mine only');
    for (const [client, id] of [
      [b.client, sent.id],
      [a.client, sent.id + 1_000_000],
    ] as const) {
      const res = await unsend(client, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await page(b.client, conversation)).messages[0]?.text).toBe('Mine only');
    const missing = await unsend(a.client, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('missing_message');
    const mismatch = await unsend(a.client, sent.id, `?message=${sent.id + 1}`);
    expect(mismatch.json().error.code).toBe('message_mismatch');
  });

  it('answers 409 unsend_window_closed after 10 minutes, changing nothing', async () => {
    const a = await member();
    const b = await member();
    const conversation = await chatBetween(a, b);
    const sent = await send(a, conversation, 'Too late to take back');
    await t.db
      .updateTable('messages')
      .set({ created_at: sql`now() - interval '10 minutes 1 second'` })
      .where('id', '=', sent.id)
      .execute();
    const res = await unsend(a.client, sent.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('unsend_window_closed');
    expect((await page(b.client, conversation)).messages[0]?.text).toBe('Too late to take back');
  });

  it('leaves a report filed earlier its copy of the text', async () => {
    const a = await member();
    const b = await member();
    const conversation = await chatBetween(a, b);
    const sent = await send(a, conversation, 'Something nasty');
    const reported = await b.client.call({
      method: 'POST',
      url: '/api/report.php',
      payload: { profile: a.id, reason: 'harassment', conversation },
    });
    expect(reported.statusCode, reported.body).toBe(200);
    expect((await unsend(a.client, sent.id)).statusCode).toBe(200);
    const report = await t.db
      .selectFrom('reports')
      .select('evidence_messages')
      .where('id', '=', reported.json().id)
      .executeTakeFirstOrThrow();
    expect(report.evidence_messages).toEqual([
      expect.objectContaining({ id: sent.id, text: 'Something nasty' }),
    ]);
  });

  it('replaces the push of an unsent message with "message removed"', async () => {
    const a = await member();
    const b = await member();
    const subscription = await subscribeToPush(b);
    const conversation = await chatBetween(a, b);
    const sent = await send(a, conversation, 'A secret on the lock screen');
    const worker = t.startWorker({ pollIntervalMs: 60_000 });
    await worker.runOnce();
    expect((await unsend(a.client, sent.id)).statusCode).toBe(200);
    await worker.runOnce();
    await worker.stop();
    const path = new URL(subscription.endpoint).pathname;
    const pushed = push.received.filter((p) => p.path === path).map((p) => p.payload);
    expect(pushed).toEqual([
      expect.objectContaining({ tag: `message-${sent.id}`, body: 'A secret on the lock screen' }),
      expect.objectContaining({ tag: `message-${sent.id}`, body: 'Message removed' }),
    ]);
    const queued = await t.db
      .selectFrom('outbox')
      .select('payload')
      .where('member_id', '=', b.id)
      .where('kind', '=', 'push')
      .execute();
    expect(JSON.stringify(queued)).not.toContain('secret');
  });
});
