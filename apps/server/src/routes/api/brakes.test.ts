import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits } from '../../modules/credits/credit-ledger.repository.js';
import { createMember, creditsOf, type MemberSpec } from '../../test/factories.js';
import { createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  // The defaults: 5 new conversations an hour and 15 a day for new members, 3 recipients.
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof logInNewMember>>;

async function member(spec: MemberSpec = {}, options: { signedUpHoursAgo?: number } = {}) {
  const m = await logInNewMember(t, spec);
  await changeCredits(t.db, { memberId: m.id, amount: 100, reason: 'opening' });
  if (options.signedUpHoursAgo !== undefined) {
    await t.db
      .updateTable('members')
      .set({ signup_date: sql`now() - make_interval(hours => ${options.signedUpHoursAgo})` })
      .where('id', '=', m.id)
      .execute();
  }
  return m;
}

const chatWith = async (from: Member, to: number) =>
  (await from.client.call({ method: 'GET', url: `/api/chat.php?profile=${to}` })).json()
    .id as number;
const send = (from: Member, conversation: number, text: string) =>
  from.client.call({ method: 'POST', url: '/api/messages.php', payload: { conversation, text } });
const balanceOf = (id: number) => creditsOf(t.db, id);
const messagesIn = async (conversation: number) =>
  t.db.selectFrom('messages').selectAll().where('conversation_id', '=', conversation).execute();

/** Starts `n` conversations with fresh members, each with its own text. */
async function startConversations(from: Member, n: number) {
  for (let i = 0; i < n; i++) {
    const other = await createMember(t.db);
    const res = await send(
      from,
      await chatWith(from, other.id),
      `Hello number ${i} ${'x'.repeat(i)}`,
    );
    expect(res.statusCode).toBe(200);
  }
}

describe('the new-member conversation brake', () => {
  it('refuses a new member’s sixth new conversation within the hour, saying when, storing nothing', async () => {
    const me = await member();
    await startConversations(me, 5);
    const firstStart = await t.db
      .selectFrom('conversations')
      .select('started_at')
      .where('started_by', '=', me.id)
      .orderBy('started_at')
      .executeTakeFirstOrThrow();
    const other = await createMember(t.db);
    const conversation = await chatWith(me, other.id);
    const credits = await balanceOf(me.id);

    const res = await send(me, conversation, 'Hi there, nice profile');
    expect(res.statusCode).toBe(429);
    const { error } = res.json();
    expect(error.code).toBe('conversation_limit');
    expect(new Date(error.retry_at).getTime()).toBe(firstStart.started_at!.getTime() + 3_600_000);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await messagesIn(conversation)).toEqual([]);
    expect(await balanceOf(me.id)).toBe(credits);
  });

  it('never brakes replies, nor more messages in a conversation already started', async () => {
    const me = await member();
    await startConversations(me, 5);
    // Someone who wrote first: answering them is a reply.
    const writer = await member({}, { signedUpHoursAgo: 48 });
    const theirs = await chatWith(writer, me.id);
    expect((await send(writer, theirs, 'Hey, how are you?')).statusCode).toBe(200);
    expect((await send(me, theirs, 'Fine, thanks!')).statusCode).toBe(200);
    // An earlier conversation of mine goes on.
    const mine = await t.db
      .selectFrom('conversations')
      .select('id')
      .where('started_by', '=', me.id)
      .executeTakeFirstOrThrow();
    expect((await send(me, mine.id, 'Are you still there?')).statusCode).toBe(200);
  });

  it('allows 15 new conversations in the first day, until the member stops being new', async () => {
    const me = await member({}, { signedUpHoursAgo: 3 });
    // 15 starts two hours ago: the hour is free, the day is full.
    for (let i = 0; i < 15; i++) {
      const other = await createMember(t.db);
      const id = await chatWith(me, other.id);
      await t.db
        .updateTable('conversations')
        .set({ started_by: me.id, started_at: sql`now() - interval '2 hours'` })
        .where('id', '=', id)
        .execute();
    }
    const signup = await t.db
      .selectFrom('members')
      .select('signup_date')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    const other = await createMember(t.db);
    const res = await send(me, await chatWith(me, other.id), 'Hello you');
    expect(res.statusCode).toBe(429);
    // The day's starts leave in 22 hours, but in 21 the member is no longer new.
    expect(new Date(res.json().error.retry_at).getTime()).toBe(
      signup.signup_date.getTime() + 24 * 3_600_000,
    );
  });

  it('does not brake a member who signed up more than 24 hours ago', async () => {
    const me = await member({}, { signedUpHoursAgo: 25 });
    await startConversations(me, 7);
  });

  it('lets only one of two first messages sent at once take the last free start', async () => {
    const me = await member();
    await startConversations(me, 4);
    const [x, y] = await Promise.all([createMember(t.db), createMember(t.db)]);
    const [cx, cy] = [await chatWith(me, x.id), await chatWith(me, y.id)];
    const results = await Promise.all([send(me, cx, 'Hi X'), send(me, cy, 'Hi Y')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429]);
  });
});

describe('the duplicate-text brake', () => {
  /** A member past the new-member brake, writing the same text to fresh members. */
  async function sender() {
    return member({}, { signedUpHoursAgo: 48 });
  }

  it('holds the same text going to a fourth member within the hour: charged, not delivered', async () => {
    const me = await sender();
    const text = 'Hi dear, I am Captain John 123, write me on my e-mail';
    for (const variant of [text, text.toUpperCase(), `  ${text.replace('123', '456')}  `]) {
      const other = await createMember(t.db);
      expect((await send(me, await chatWith(me, other.id), variant)).statusCode).toBe(200);
    }
    const fourth = await member();
    const conversation = await chatWith(me, fourth.id);
    const credits = await balanceOf(me.id);
    const res = await send(me, conversation, text.replace('123', '9'));
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toMatchObject({ held: true, sender: me.id });
    expect(res.json().credits).toBe(credits - 1);
    expect(await balanceOf(me.id)).toBe(credits - 1);

    // The recipient sees nothing of it.
    const page = await fourth.client.call({
      method: 'GET',
      url: `/api/messages.php?conversation=${conversation}`,
    });
    expect(page.json().messages).toEqual([]);
    const chats = (await fourth.client.call({ method: 'GET', url: '/api/chats.php' })).json().chats;
    for (const chat of chats) {
      expect(chat.num_unread_messages).toBe(0);
      expect(chat.last_message).toBeNull();
    }
    const notifications = (
      await fourth.client.call({ method: 'GET', url: '/api/notifications.php' })
    ).json();
    expect(notifications.unread).toBe(0);
    expect(notifications.notifications).toEqual([]);

    // The sender sees it, waiting for review.
    const own = await me.client.call({
      method: 'GET',
      url: `/api/messages.php?conversation=${conversation}`,
    });
    expect(own.json().messages).toEqual([expect.objectContaining({ held: true })]);
    const ownChats = (await me.client.call({ method: 'GET', url: '/api/chats.php' })).json().chats;
    const listed = ownChats.find(
      (c: { conversation: { id: number } }) => c.conversation.id === conversation,
    );
    expect(listed.last_message).toMatchObject({ held: true });
  });

  it('delivers a different text, and the same one again after an hour', async () => {
    const me = await sender();
    const text = 'Hello, you have beautiful eyes';
    for (let i = 0; i < 3; i++) {
      const other = await createMember(t.db);
      expect((await send(me, await chatWith(me, other.id), text)).statusCode).toBe(200);
    }
    const other = await createMember(t.db);
    const conversation = await chatWith(me, other.id);
    const different = await send(me, conversation, 'Hello, what do you like to do on Sundays?');
    expect(different.statusCode).toBe(200);
    expect(different.json().message.held).toBeUndefined();

    await t.db
      .updateTable('messages')
      .set({ created_at: sql`now() - interval '61 minutes'` })
      .where('sender_id', '=', me.id)
      .execute();
    const again = await send(me, conversation, text);
    expect(again.statusCode).toBe(200);
  });
});
