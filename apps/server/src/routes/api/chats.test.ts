import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits } from '../../modules/credits/credit-ledger.repository.js';
import { createConversation, createMember, type MemberSpec } from '../../test/factories.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const loggedIn = (spec: MemberSpec = {}) => logInNewMember(t, spec);

const startConversation = (a: number, b: number, lastActivityAt = new Date()) =>
  createConversation(t.db, a, b, { lastActivityAt });

async function send(conversationId: number, senderId: number, texts: string[], at = new Date()) {
  const rows = await t.db
    .insertInto('messages')
    .values(texts.map((text) => ({ conversation_id: conversationId, sender_id: senderId, text })))
    .returning('id')
    .execute();
  await t.db
    .updateTable('conversations')
    .set({ last_activity_at: at })
    .where('id', '=', conversationId)
    .execute();
  return rows.map((r) => r.id);
}

const getChats = async (client: Client) => {
  const res = await client.call({ method: 'GET', url: '/api/chats.php' });
  expect(res.statusCode).toBe(200);
  return res;
};

describe('GET /api/chats.php', () => {
  it('answers 403 not_logged_in when nobody is logged in', async () => {
    const res = await new Client(t.app).call({ method: 'GET', url: '/api/chats.php' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_logged_in');
  });

  it('answers an empty list to a new member', async () => {
    const a = await loggedIn();
    expect((await getChats(a.client)).json()).toEqual({ chats: [] });
  });

  it('counts unread messages per side and clears them with the read mark', async () => {
    const a = await loggedIn({ name: 'Anna' });
    const b = await loggedIn({ name: 'Bram', dateOfBirth: '1980-03-04' });
    const conversation = await startConversation(a.id, b.id);
    const ids = await send(conversation, a.id, ['hi', 'how are you?', 'still there?']);

    const seenByB = (await getChats(b.client)).json().chats;
    expect(seenByB).toHaveLength(1);
    expect(seenByB[0]).toMatchObject({
      conversation: { id: conversation },
      profile: { id: a.id, name: 'Anna' },
      num_unread_messages: 3,
      last_message: { id: ids[2], conversation, sender: a.id, text: 'still there?' },
    });
    expect(Number.isNaN(Date.parse(seenByB[0].conversation.last_activity_at))).toBe(false);
    expect(Number.isNaN(Date.parse(seenByB[0].last_message.created_at))).toBe(false);

    const seenByA = (await getChats(a.client)).json().chats;
    expect(seenByA).toHaveLength(1);
    expect(seenByA[0]).toMatchObject({
      profile: { id: b.id, name: 'Bram' },
      num_unread_messages: 0,
      last_message: { id: ids[2], sender: a.id },
    });

    await t.db
      .updateTable('conversation_members')
      .set({ last_read_message_id: ids[2] })
      .where('conversation_id', '=', conversation)
      .where('member_id', '=', b.id)
      .execute();
    expect((await getChats(b.client)).json().chats[0].num_unread_messages).toBe(0);

    // A reply from B is unread for A only.
    await send(conversation, b.id, ['yes!']);
    expect((await getChats(a.client)).json().chats[0].num_unread_messages).toBe(1);
    expect((await getChats(b.client)).json().chats[0].num_unread_messages).toBe(0);
  });

  it('lists conversations newest activity first, a conversation without messages too', async () => {
    const me = await loggedIn();
    const [old, quiet, recent] = await Promise.all([
      createMember(t.db, { name: 'Old' }),
      createMember(t.db, { name: 'Quiet' }),
      createMember(t.db, { name: 'Recent' }),
    ]);
    const now = Date.now();
    const cOld = await startConversation(me.id, old.id, new Date(now - 3 * 3600_000));
    await send(cOld, old.id, ['long ago'], new Date(now - 3 * 3600_000));
    const cRecent = await startConversation(recent.id, me.id, new Date(now - 3600_000));
    await send(cRecent, me.id, ['lately'], new Date(now - 60_000));
    const cQuiet = await startConversation(me.id, quiet.id, new Date(now - 2 * 3600_000));

    const chats = (await getChats(me.client)).json().chats;
    expect(chats.map((c: { conversation: { id: number } }) => c.conversation.id)).toEqual([
      cRecent,
      cQuiet,
      cOld,
    ]);
    expect(chats[1]).toMatchObject({ last_message: null, num_unread_messages: 0 });
    expect(chats[2]).toMatchObject({ profile: { name: 'Old' }, num_unread_messages: 1 });
  });

  it('lists a conversation without messages only to the member who opened it (issue 39)', async () => {
    const visitor = await loggedIn();
    const visited = await loggedIn();
    const open = await visitor.client.call({
      method: 'GET',
      url: `/api/chat.php?profile=${visited.id}`,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(open.statusCode).toBe(200);
    const id = open.json().id as number;
    const ids = async (m: typeof visitor) =>
      (await getChats(m.client))
        .json()
        .chats.map((c: { conversation: { id: number } }) => c.conversation.id);
    expect(await ids(visitor)).toEqual([id]);
    expect(await ids(visited)).toEqual([]);
    // The first message shows it to both.
    await changeCredits(t.db, { memberId: visitor.id, amount: 5, reason: 'opening' });
    const sent = await visitor.client.call({
      method: 'POST',
      url: '/api/messages.php',
      payload: { conversation: id, text: 'Hello there' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await ids(visited)).toEqual([id]);
  });

  it('refuses to open a chat from another site, and no conversation is made', async () => {
    const visitor = await loggedIn();
    const visited = await loggedIn();
    for (const site of ['cross-site', 'same-site']) {
      const res = await visitor.client.call({
        method: 'GET',
        url: `/api/chat.php?profile=${visited.id}`,
        headers: { 'sec-fetch-site': site },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('cross_origin');
    }
    const made = await t.db
      .selectFrom('conversation_members')
      .select('conversation_id')
      .where('member_id', '=', visitor.id)
      .execute();
    expect(made).toEqual([]);
    // An API client without the header still opens it.
    const plain = await visitor.client.call({
      method: 'GET',
      url: `/api/chat.php?profile=${visited.id}`,
    });
    expect(plain.statusCode).toBe(200);
  });

  it('leaves out a conversation for the member who removed it, until there is new activity', async () => {
    const a = await loggedIn();
    const b = await loggedIn();
    const conversation = await startConversation(a.id, b.id, new Date(Date.now() - 60_000));
    await send(conversation, b.id, ['hello'], new Date(Date.now() - 60_000));
    await t.db
      .updateTable('conversation_members')
      .set({ hidden_at: new Date() })
      .where('conversation_id', '=', conversation)
      .where('member_id', '=', a.id)
      .execute();

    expect((await getChats(a.client)).json().chats).toEqual([]);
    expect((await getChats(b.client)).json().chats).toHaveLength(1);

    await send(conversation, b.id, ['are you there?'], new Date(Date.now() + 1000));
    const chats = (await getChats(a.client)).json().chats;
    expect(chats).toHaveLength(1);
    expect(chats[0].last_message.text).toBe('are you there?');
  });

  it('shows a deleted or banned member as a deleted member, with the conversation kept', async () => {
    const me = await loggedIn();
    const leaver = await loggedIn({ name: 'Leaver' });
    const banned = await createMember(t.db, { status: 'banned' });
    const cLeaver = await startConversation(me.id, leaver.id, new Date(Date.now() - 1000));
    await send(cLeaver, leaver.id, ['bye'], new Date(Date.now() - 1000));
    const cBanned = await startConversation(me.id, banned.id, new Date(Date.now() - 2000));
    await send(cBanned, banned.id, ['buy my stuff'], new Date(Date.now() - 2000));
    await t.db
      .updateTable('members')
      .set({ status: 'deleted', email: null, deleted_at: new Date() })
      .where('id', '=', leaver.id)
      .execute();

    const res = await getChats(me.client);
    const chats = res.json().chats;
    expect(chats).toHaveLength(2);
    expect(chats[0]).toMatchObject({
      conversation: { id: cLeaver },
      profile: { id: leaver.id, name: '', deleted: true, main_image: null, images: [] },
      num_unread_messages: 1,
      last_message: { text: 'bye', sender: leaver.id },
    });
    expect(chats[1]).toMatchObject({
      conversation: { id: cBanned },
      profile: { id: banned.id, name: '', deleted: true },
    });
    expect(res.body).not.toContain('Leaver');
    expect(res.body).not.toContain(leaver.email);
  });

  it("never answers another member's e-mail or date of birth", async () => {
    const a = await loggedIn({ dateOfBirth: '1977-07-07' });
    const b = await loggedIn({ dateOfBirth: '1988-08-08' });
    const conversation = await startConversation(a.id, b.id);
    await send(conversation, a.id, ['hello']);
    for (const [viewer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const res = await getChats(viewer.client);
      expect(res.json().chats[0].profile.id).toBe(other.id);
      expect(res.body).not.toContain(other.email);
      expect(res.body).not.toContain(viewer.email);
      expect(res.body).not.toContain('date_of_birth');
      expect(res.body).not.toMatch(/19(77|88)-0[78]-0[78]/);
    }
  });

  it('refuses a second conversation for the same pair, in either order', async () => {
    const [a, b] = await Promise.all([createMember(t.db), createMember(t.db)]);
    await startConversation(a.id, b.id);
    await expect(startConversation(b.id, a.id)).rejects.toThrow();
    await expect(
      t.db
        .insertInto('conversations')
        .values({ member_low: Math.max(a.id, b.id), member_high: Math.min(a.id, b.id) })
        .execute(),
    ).rejects.toThrow();
  });

  it('refuses a message from a member outside the conversation', async () => {
    const [a, b, c] = await Promise.all([
      createMember(t.db),
      createMember(t.db),
      createMember(t.db),
    ]);
    const conversation = await startConversation(a.id, b.id);
    await expect(send(conversation, c.id, ['sneaky'])).rejects.toThrow();
  });
});

describe('conversation data on a purged member row', () => {
  it('goes with the member, messages included (the app itself only marks accounts deleted)', async () => {
    const [a, b] = await Promise.all([createMember(t.db), createMember(t.db)]);
    const conversation = await startConversation(a.id, b.id);
    await send(conversation, a.id, ['one']);
    await send(conversation, b.id, ['two']);
    await t.db.deleteFrom('members').where('id', '=', b.id).execute();
    const left = await t.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', conversation)
      .execute();
    expect(left).toEqual([]);
  });
});
