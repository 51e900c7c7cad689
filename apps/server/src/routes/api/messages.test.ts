import { randomUUID } from 'node:crypto';
import { MESSAGE_MAX_LENGTH, MESSAGES_PAGE_SIZE } from '@amora/shared/schemas/messages';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits, ledgerBalance } from '../../modules/credits/credit-ledger.repository.js';
import { createMember, creditsOf, type MemberSpec } from '../../test/factories.js';
import { listening, openLive, until } from '../../test/live-socket.js';
import {
  appHeaders,
  Client,
  createTestApp,
  logInNewMember,
  type TestApp,
  withSecondInstance,
} from '../../test/test-app.js';

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

describe('sends that can be repeated (client_id, issue 44)', () => {
  const sendWith = (client: Client, conversation: number, text: string, clientId: string) =>
    client.call({
      method: 'POST',
      url: '/api/messages.php',
      payload: { conversation, text, client_id: clientId },
    });
  const stored = (sender: number) =>
    t.db.selectFrom('messages').selectAll().where('sender_id', '=', sender).execute();
  const charges = async (memberId: number) =>
    (
      await t.db
        .selectFrom('credit_ledger')
        .select('amount')
        .where('member_id', '=', memberId)
        .where('reason', '=', 'message')
        .execute()
    ).length;
  let base: string | undefined;

  it('answers a repeat with the first message: stored, charged and delivered once', async () => {
    const a = await member(5);
    const b = await member();
    const id = await chatBetween(a, b);
    base ??= await listening(t.app);
    const mine = await openLive(base, a.client.sessionCookie);
    const theirs = await openLive(base, b.client.sessionCookie);
    const key = randomUUID();
    const first = await sendWith(a.client, id, 'Only once, please', key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ credits: 4, message: { client_id: key } });
    // The answer was lost on the way: the app sends it again, twice.
    const again = await sendWith(a.client, id, 'Only once, please', key);
    const third = await sendWith(a.client, id, 'Only once, please', key);
    for (const repeat of [again, third]) {
      expect(repeat.statusCode, repeat.body).toBe(200);
      expect(repeat.json()).toEqual(first.json());
    }
    expect(await stored(a.id)).toHaveLength(1);
    expect(await charges(a.id)).toBe(1);
    expect(await balance(a.id)).toBe(4);

    // The sender's tabs and pages carry the key; the recipient never sees it.
    await until(() => theirs.received.some((e) => e.type === 'message'), 'the message');
    await until(() => mine.received.some((e) => e.type === 'message'), 'the own message');
    const messageEvents = (events: typeof mine.received) =>
      events.filter((e) => e.type === 'message');
    expect(messageEvents(mine.received)).toEqual([
      { type: 'message', message: first.json().message },
    ]);
    expect(messageEvents(theirs.received)).toHaveLength(1);
    expect(JSON.stringify(theirs.received)).not.toContain(key);
    expect((await read(a.client, id)).json().messages[0].client_id).toBe(key);
    const page = (await read(b.client, id)).json();
    expect(page.messages).toHaveLength(1);
    expect(page.messages[0]).not.toHaveProperty('client_id');
    mine.socket.close();
    theirs.socket.close();

    // Sent as a repeat, a message is charged nothing even when the balance is gone now.
    await t.db.updateTable('members').set({ credits: 0 }).where('id', '=', a.id).execute();
    const broke = await sendWith(a.client, id, 'Only once, please', key);
    expect(broke.statusCode).toBe(200);
    expect(broke.json()).toMatchObject({ credits: 0, message: { id: first.json().message.id } });
  });

  it('refuses the key with another text or conversation, storing nothing', async () => {
    const a = await member(5);
    const b = await member();
    const c = await member();
    const id = await chatBetween(a, b);
    const other = await chatBetween(a, c);
    const key = randomUUID();
    expect((await sendWith(a.client, id, 'Hello Bea', key)).statusCode).toBe(200);
    const reworded = await sendWith(a.client, id, 'Hello Bea!', key);
    expect(reworded.statusCode).toBe(409);
    expect(reworded.json().error.code).toBe('client_id_reused');
    const elsewhere = await sendWith(a.client, other, 'Hello Bea', key);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error.code).toBe('client_id_reused');
    expect((await stored(a.id)).map((m) => m.text)).toEqual(['Hello Bea']);
    expect(await balance(a.id)).toBe(4);
    // The key is the member's: another member's message with it is their own.
    const d = await member(5);
    const fromD = await sendWith(d.client, await chatBetween(d, b), 'Hello Bea', key);
    expect(fromD.statusCode).toBe(200);
    expect(fromD.json().message.sender).toBe(d.id);
    // Surrounding spaces are not another text: the message is stored trimmed.
    expect((await sendWith(a.client, id, '  Hello Bea ', key)).statusCode).toBe(200);
  });

  it('stores nothing on a refusal, so the same key goes through once credits are bought', async () => {
    const a = await member(0);
    const b = await member();
    const id = await chatBetween(a, b);
    const key = randomUUID();
    const refused = await sendWith(a.client, id, 'Worth buying credits for', key);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.code).toBe('insufficient_credits');
    expect(await stored(a.id)).toEqual([]);
    await changeCredits(t.db, { memberId: a.id, amount: 2, reason: 'opening' });
    const sent = await sendWith(a.client, id, 'Worth buying credits for', key);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().credits).toBe(1);
    expect((await sendWith(a.client, id, 'Worth buying credits for', key)).json()).toEqual(
      sent.json(),
    );
    expect(await stored(a.id)).toHaveLength(1);
    expect(await ledgerBalance(t.db, a.id)).toBe(1);
  });

  it('answers a held message again with 202, charged once', async () => {
    const a = await member(10);
    const text = 'Write me at my address, dear';
    for (let i = 0; i < 3; i++) {
      const other = await createMember(t.db);
      const conversation = await chatBetween(a, other);
      expect((await send(a.client, conversation, text)).statusCode).toBe(200);
    }
    const fourth = await member();
    const id = await chatBetween(a, fourth);
    const key = randomUUID();
    const held = await sendWith(a.client, id, text, key);
    expect(held.statusCode).toBe(202);
    expect(held.json().message).toMatchObject({ held: true, client_id: key });
    const again = await sendWith(a.client, id, text, key);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(held.json());
    expect(await charges(a.id)).toBe(4);
    expect((await read(fourth.client, id)).json().messages).toEqual([]);
  });

  it('stores one message when the same send arrives twice at once', async () => {
    const a = await member(5);
    const b = await member();
    const id = await chatBetween(a, b);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => sendWith(a.client, id, 'At the same moment', key)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.json().message.id)).size).toBe(1);
    expect(await stored(a.id)).toHaveLength(1);
    expect(await balance(a.id)).toBe(4);
    expect(await ledgerBalance(t.db, a.id)).toBe(4);
  });

  it('refuses a key that is not a UUID', async () => {
    const a = await member(5);
    const b = await member();
    const res = await sendWith(a.client, await chatBetween(a, b), 'Hi', 'not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_input');
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('repeated sends on two instances', () => {
  it('stores, charges and delivers once when the repeat reaches another instance', async () => {
    await withSecondInstance(t, async (app2) => {
      const a = await member(5);
      const b = await member();
      const id = await chatBetween(a, b);
      const key = randomUUID();
      const payload = { conversation: id, text: 'One of us', client_id: key };
      const viaSecond = () =>
        app2.inject({
          method: 'POST',
          url: '/api/messages.php',
          headers: { ...appHeaders, cookie: a.client.sessionCookie! },
          payload,
        });
      const answers = await Promise.all([
        viaSecond(),
        a.client.call({ method: 'POST', url: '/api/messages.php', payload }),
        viaSecond(),
        a.client.call({ method: 'POST', url: '/api/messages.php', payload }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((r) => r.json().message.id)).size).toBe(1);
      expect((await read(b.client, id)).json().messages).toHaveLength(1);
      expect(await balance(a.id)).toBe(4);
      expect(await ledgerBalance(t.db, a.id)).toBe(4);
    });
  });
});
