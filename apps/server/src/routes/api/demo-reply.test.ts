import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits } from '../../modules/credits/credit-ledger.repository.js';
import { sendDemoReply } from '../../modules/demo/demo-reply.service.js';
import { createConversation, createMember } from '../../test/factories.js';
import { createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO_REPLY_SECONDS: '1', MESSAGE_CREDITS: '1' });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof logInNewMember>>;

/** A member with credits to write with. */
async function writer(spec: Parameters<typeof logInNewMember>[1] = {}) {
  const member = await logInNewMember(t, spec);
  await changeCredits(t.db, { memberId: member.id, amount: 10, reason: 'opening' });
  return member;
}

const send = (member: Member, conversation: number, text: string) =>
  member.client.call({ method: 'POST', url: '/api/messages.php', payload: { conversation, text } });
const history = async (member: Member, conversation: number) =>
  (
    await member.client.call({
      method: 'GET',
      url: `/api/messages.php?conversation=${conversation}`,
    })
  ).json().messages as { sender: number; text: string; demo_reply?: boolean }[];
const credits = async (id: number) =>
  (
    await t.db
      .selectFrom('members')
      .select('credits')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).credits;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const end = Date.now() + 8000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the demo’s automatic reply', () => {
  it('answers a first message to a fictional member once, in the member’s language, for free', async () => {
    const me = await writer({ language: 'de' });
    const fictional = await createMember(t.db, { fictional: true, name: 'Mara' });
    const chat = await createConversation(t.db, me.id, fictional.id);
    const before = await credits(me.id);
    expect((await send(me, chat, 'Hallo Mara!')).statusCode).toBe(200);

    const messages = await until(
      () => history(me, chat),
      (list) => list.length === 2,
    );
    expect(messages.at(-1)).toMatchObject({
      sender: fictional.id,
      demo_reply: true,
      text: 'Hallo! Danke für deine Nachricht, schön, von dir zu hören. Was machst du heute so?',
    });
    expect(await credits(me.id)).toBe(before - 1);

    // A second message gets no second reply.
    expect((await send(me, chat, 'Wie geht es dir?')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await history(me, chat)).filter((m) => m.demo_reply)).toHaveLength(1);
  });

  it('never answers for a real member', async () => {
    const me = await writer();
    const real = await createMember(t.db);
    const chat = await createConversation(t.db, me.id, real.id);
    expect((await send(me, chat, 'Hi there')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await history(me, chat)).toHaveLength(1);
  });

  it('refuses to run outside the demo mode', async () => {
    await expect(
      sendDemoReply(t.db, 'production', { conversationId: 1, memberId: 1 }),
    ).rejects.toThrow('Demo replies exist only in the demo mode');
  });
});
