import { MESSAGE_MAX_LENGTH, MESSAGES_PAGE_SIZE } from '@amora/shared/schemas/messages';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits, ledgerBalance } from '../../modules/credits/credit-ledger.repository.js';
import { createMember, creditsOf, type MemberSpec } from '../../test/factories.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MESSAGE_CREDITS_BY_COUNTRY: 'PL=2' });
});
afterAll(() => t.close());

/** A logged-in member with `credits` in their balance (through the ledger, as real changes go). */
async function member(credits = 10, spec: MemberSpec = {}) {
  const m = await logInNewMember(t, spec);
  if (credits > 0) {
    await changeCredits(t.db, { memberId: m.id, amount: credits, reason: 'opening' });
  }
  return m;
}

const start = (client: Client, profile: number) =>
  client.call({ method: 'GET', url: `/api/chat.php?profile=${profile}` });

async function chatBetween(a: { client: Client }, b: { id: number }) {
  const res = await start(a.client, b.id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

const send = (client: Client, conversation: number, text: string) =>
  client.call({ method: 'POST', url: '/api/messages.php', payload: { conversation, text } });

const read = (client: Client, conversation: number, before?: number) =>
  client.call({
    method: 'GET',
    url: `/api/messages.php?conversation=${conversation}${before ? `&before=${before}` : ''}`,
  });

async function chatsOf(client: Client) {
  const res = await client.call({ method: 'GET', url: '/api/chats.php' });
  return res.json().chats as {
    conversation: { id: number };
    num_unread_messages: number;
    last_message: { text: string } | null;
    profile: { id: number; deleted: boolean };
  }[];
}

const balance = (id: number) => creditsOf(t.db, id);

describe('GET /api/chat.php', () => {
  it('starts a conversation once and answers the same id every time, from either side', async () => {
    const a = await member();
    const b = await member();
    const id = await chatBetween(a, b);
    expect(await chatBetween(a, b)).toBe(id);
    expect(await chatBetween(b, a)).toBe(id);
  });

  it('refuses oneself, unknown or deleted members, and visitors', async () => {
    const a = await member();
    expect((await start(a.client, a.id)).json().error.code).toBe('cannot_chat_self');
    expect((await start(a.client, 999_999_999)).statusCode).toBe(404);
    const gone = await createMember(t.db, { status: 'deleted' });
    expect((await start(a.client, gone.id)).statusCode).toBe(404);
    const bad = await start(a.client, -3 as number);
    expect(bad.statusCode).toBe(400);
    const visitor = await new Client(t.app).call({
      method: 'GET',
      url: `/api/chat.php?profile=${a.id}`,
    });
    expect(visitor.statusCode).toBe(403);
  });
});

describe('/api/messages.php', () => {
  it('lets the two members write and read; unread counts go per side and to 0 on opening', async () => {
    const a = await member();
    const b = await member();
    const id = await chatBetween(a, b);
    const first = await send(a.client, id, 'Hi there!');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: { text: 'Hi there!', sender: a.id },
      credits: 9,
    });
    await send(a.client, id, 'How are you?');

    const [forB] = await chatsOf(b.client);
    expect(forB).toMatchObject({ conversation: { id }, num_unread_messages: 2 });
    expect(forB?.last_message?.text).toBe('How are you?');
    expect((await chatsOf(a.client))[0]?.num_unread_messages).toBe(0);

    const page = await read(b.client, id);
    expect(page.statusCode).toBe(200);
    expect(page.json().messages.map((m: { text: string }) => m.text)).toEqual([
      'Hi there!',
      'How are you?',
    ]);
    expect(page.json().profile).toMatchObject({ id: a.id, deleted: false });
    expect((await chatsOf(b.client))[0]?.num_unread_messages).toBe(0);
    // a now sees that b read both messages.
    const forA = (await read(a.client, id)).json();
    expect(forA.conversation.other_read_up_to).toBe(forA.messages[1].id);
  });

  it('answers 403 to every other member, before any question of credits', async () => {
    const a = await member();
    const b = await member();
    const outsider = await member(0);
    const id = await chatBetween(a, b);
    await send(a.client, id, 'Private');
    expect((await read(outsider.client, id)).statusCode).toBe(403);
    const write = await send(outsider.client, id, 'Let me in');
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe('not_in_conversation');
    const remove = await outsider.client.call({
      method: 'DELETE',
      url: '/api/chat.php',
      payload: { conversation: id },
    });
    expect(remove.statusCode).toBe(403);
    expect((await read(a.client, id)).json().messages).toHaveLength(1);
  });

  it('keeps text as text and refuses empty or over-long messages, storing nothing', async () => {
    const a = await member();
    const b = await member();
    const id = await chatBetween(a, b);
    const html = '<img src=x onerror=alert(1)> <b>bold</b>';
    expect((await send(a.client, id, `  ${html}  `)).json().message.text).toBe(html);
    for (const text of ['', '   \n ', 'x'.repeat(MESSAGE_MAX_LENGTH + 1)]) {
      const res = await send(a.client, id, text);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toBeTruthy();
    }
    expect((await send(a.client, id, 'x'.repeat(MESSAGE_MAX_LENGTH))).statusCode).toBe(200);
    expect((await read(b.client, id)).json().messages).toHaveLength(2);
    expect(await balance(a.id)).toBe(8);
  });

  it('pages back through a long history', async () => {
    const a = await member(0, {});
    await t.db
      .updateTable('members')
      .set({ paid_until: sql`now() + interval '1 day'` })
      .where('id', '=', a.id)
      .execute();
    const b = await member();
    const id = await chatBetween(a, b);
    const total = MESSAGES_PAGE_SIZE + 5;
    for (let i = 1; i <= total; i += 1) await send(a.client, id, `message ${i}`);
    const newest = (await read(b.client, id)).json();
    expect(newest.messages).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(newest.messages.at(-1).text).toBe(`message ${total}`);
    expect(newest.has_more).toBe(true);
    const older = (await read(b.client, id, newest.messages[0].id)).json();
    expect(older.messages.map((m: { text: string }) => m.text)).toEqual(
      Array.from({ length: 5 }, (_, i) => `message ${i + 1}`),
    );
    expect(older.has_more).toBe(false);
  });
});

describe('message credits', () => {
  it('answers 402 with a clear message when the balance is short, storing nothing', async () => {
    const a = await member(1);
    const b = await member();
    const id = await chatBetween(a, b);
    expect((await send(a.client, id, 'one')).json().credits).toBe(0);
    const broke = await send(a.client, id, 'two');
    expect(broke.statusCode).toBe(402);
    expect(broke.json().error).toMatchObject({ code: 'insufficient_credits' });
    expect(broke.json().error.message).toMatch(/credit/);
    expect((await read(b.client, id)).json().messages).toHaveLength(1);
    expect(await balance(a.id)).toBe(0);
    expect(await ledgerBalance(t.db, a.id)).toBe(0);
  });

  it('lets paid members write freely and charges per country', async () => {
    const paid = await member(0);
    await t.db
      .updateTable('members')
      .set({ paid_until: sql`now() + interval '30 days'` })
      .where('id', '=', paid.id)
      .execute();
    const polish = await member(5, { country: 'PL' });
    const b = await member();
    const fromPaid = await send(paid.client, await chatBetween(paid, b), 'free');
    expect(fromPaid.statusCode).toBe(200);
    expect(fromPaid.json().credits).toBe(0);
    const fromPl = await send(polish.client, await chatBetween(polish, b), 'dwa');
    expect(fromPl.json().credits).toBe(3);

    const overview = (await polish.client.call({ method: 'GET', url: '/api/credits.php' })).json();
    expect(overview).toMatchObject({ credits: 3, paid_user: false, message_credits: 2 });
    expect(
      overview.ledger.map((r: { amount: number; reason: string }) => [r.amount, r.reason]),
    ).toEqual([
      [-2, 'message'],
      [5, 'opening'],
    ]);
  });

  it('never goes below zero when messages are sent at once', async () => {
    const a = await member(3);
    const b = await member();
    const id = await chatBetween(a, b);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(a.client, id, `burst ${i}`)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 402)).toHaveLength(7);
    expect(await balance(a.id)).toBe(0);
    expect(await ledgerBalance(t.db, a.id)).toBe(0);
    expect((await read(b.client, id)).json().messages).toHaveLength(3);
  });
});

describe('removing a chat and members who left', () => {
  it('removes the chat from one list only, until new activity brings it back', async () => {
    const a = await member();
    const b = await member();
    const id = await chatBetween(a, b);
    await send(b.client, id, 'Hello?');
    const res = await a.client.call({ method: 'DELETE', url: `/api/chat.php?conversation=${id}` });
    expect(res.statusCode).toBe(200);
    expect(await chatsOf(a.client)).toEqual([]);
    expect(await chatsOf(b.client)).toHaveLength(1);
    await send(b.client, id, 'Still there?');
    expect((await chatsOf(a.client)).map((c) => c.conversation.id)).toEqual([id]);
    const missing = await a.client.call({ method: 'DELETE', url: '/api/chat.php' });
    expect(missing.json().error.code).toBe('missing_conversation');
  });

  it("shows a deleted member's side as deleted and refuses new messages to them", async () => {
    const a = await member();
    const b = await member();
    const id = await chatBetween(a, b);
    await send(b.client, id, 'Bye');
    await t.db.updateTable('members').set({ status: 'deleted' }).where('id', '=', b.id).execute();
    const page = (await read(a.client, id)).json();
    expect(page.profile).toMatchObject({ id: b.id, deleted: true, name: '' });
    expect(page.messages).toHaveLength(1);
    const [item] = await chatsOf(a.client);
    expect(item?.profile.deleted).toBe(true);
    const res = await send(a.client, id, 'Are you there?');
    expect(res.statusCode).toBe(410);
    expect(await balance(a.id)).toBe(10);
  });
});
