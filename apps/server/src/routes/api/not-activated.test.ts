import { signupCsrf } from '@amora/shared/rules/signup-csrf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textFingerprint } from '../../modules/chats/brakes.js';
import { insertMessage } from '../../modules/chats/conversation.repository.js';
import { createConversation, createMember } from '../../test/factories.js';
import {
  Client,
  createMailingTestApp,
  logInNewMember,
  type SmtpSink,
  type TestApp,
} from '../../test/test-app.js';

// Issue 14 / decision 026: until the address is confirmed a member may look, not reach out.

let t: TestApp;
let sink: SmtpSink;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, sink, close } = await createMailingTestApp());
});
afterAll(() => close?.());

/** A member who signed up and has not followed the link in the activation mail yet. */
const unconfirmed = () => logInNewMember(t, { activated: false });

const like = (client: Client, profile: number) =>
  client.call({ method: 'POST', url: '/api/likes.php', payload: { profile } });
const startChat = (client: Client, profile: number) =>
  client.call({ method: 'GET', url: `/api/chat.php?profile=${profile}` });
const send = (client: Client, conversation: number, text = 'Hello') =>
  client.call({ method: 'POST', url: '/api/messages.php', payload: { conversation, text } });

function expectNotActivated(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(403);
  expect((res.json() as { error: { code: string } }).error.code).toBe('not_activated');
}

const count = async (table: 'likes' | 'conversations' | 'messages') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A conversation the pair has from before (an unconfirmed member cannot start one now). */
const existingConversation = (a: number, b: number) => createConversation(t.db, a, b);

describe('a member who has not confirmed the address', () => {
  it('searches and views profiles', async () => {
    const me = await unconfirmed();
    const other = await createMember(t.db, { name: 'Findable' });
    const search = await me.client.call({ method: 'GET', url: '/api/search.php?page=1' });
    expect(search.statusCode).toBe(200);
    expect(search.json().profiles.map((p: { id: number }) => p.id)).toContain(other.id);
    const profile = await me.client.call({ method: 'GET', url: `/api/profile.php?id=${other.id}` });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().profile.name).toBe('Findable');
  });

  it('gets 403 not_activated on a like, storing nothing, and stays logged in', async () => {
    const me = await unconfirmed();
    const other = await createMember(t.db);
    const before = await count('likes');
    expectNotActivated(await like(me.client, other.id));
    expect(await count('likes')).toBe(before);
    // The refusal is about the account, not the session.
    const user = await me.client.call({ method: 'GET', url: '/api/user.php' });
    expect(user.statusCode).toBe(200);
    expect(user.json().user).toMatchObject({ id: me.id, activated: false });
    // A visitor still hears that nobody is logged in; a gone member is still not found.
    const visitor = await like(new Client(t.app), other.id);
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.code).toBe('not_logged_in');
    expect((await like(me.client, 999_999_999)).json().error.code).toBe('member_not_found');
  });

  it('gets 403 not_activated on starting a chat, and no conversation is made', async () => {
    const me = await unconfirmed();
    const other = await createMember(t.db);
    const before = await count('conversations');
    expectNotActivated(await startChat(me.client, other.id));
    expect(await count('conversations')).toBe(before);
    const chats = await me.client.call({ method: 'GET', url: '/api/chats.php' });
    expect(chats.statusCode).toBe(200);
    expect(chats.json().chats).toEqual([]);
  });

  it('opens and reads a conversation it already has, but cannot write in it', async () => {
    const me = await unconfirmed();
    const other = await createMember(t.db);
    const id = await existingConversation(me.id, other.id);
    // Written before; others cannot write to a member they may not see (410 member_gone).
    await insertMessage(t.db, {
      conversationId: id,
      senderId: other.id,
      text: 'Welcome!',
      fingerprint: textFingerprint('Welcome!'),
      held: false,
    });

    const opened = await startChat(me.client, other.id);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ id });
    const read = await me.client.call({
      method: 'GET',
      url: `/api/messages.php?conversation=${id}`,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().messages.map((m: { text: string }) => m.text)).toEqual(['Welcome!']);

    const before = await count('messages');
    expectNotActivated(await send(me.client, id));
    expect(await count('messages')).toBe(before);
  });
});

describe('the order of refusals on a message', () => {
  it('is not_logged_in, not_in_conversation, not_activated, then 402', async () => {
    const me = await unconfirmed();
    const other = await logInNewMember(t);
    const third = await logInNewMember(t);
    const mine = await existingConversation(me.id, other.id);
    const theirs = await existingConversation(other.id, third.id);
    // Nobody has a credit: each answer below comes before the question of paying.
    for (const id of [me.id, other.id, third.id]) {
      await t.db.updateTable('members').set({ credits: 0 }).where('id', '=', id).execute();
    }

    const loggedOut = await send(new Client(t.app), mine);
    expect(loggedOut.statusCode).toBe(403);
    expect(loggedOut.json().error.code).toBe('not_logged_in');

    // Not a participant comes first, for unconfirmed members too (ids cannot be probed).
    for (const id of [theirs, 999_999_999]) {
      const outside = await send(me.client, id);
      expect(outside.statusCode).toBe(403);
      expect(outside.json().error.code).toBe('not_in_conversation');
    }

    expectNotActivated(await send(me.client, mine));

    // Confirmed members in their own conversation get as far as paying.
    const broke = await send(other.client, theirs);
    expect(broke.statusCode).toBe(402);
    expect(broke.json().error.code).toBe('insufficient_credits');
  });
});

describe('confirming through the link in the activation mail', () => {
  it('lets the member like, start a chat and write', async () => {
    // Signs up as the app does: the signup queues the activation mail, the outbox sends it.
    const email = `confirm-${Date.now()}@example.com`;
    const client = new Client(t.app);
    const { token } = (
      await client.call({
        method: 'GET',
        url: `/api/validate_email.php?email=${encodeURIComponent(email)}`,
      })
    ).json();
    const signup = await client.call({
      method: 'POST',
      url: '/api/user.php?new=1',
      payload: {
        email,
        name: 'Robin',
        password: 'long enough pw',
        country: 'NL',
        language: 'en',
        token,
        csrf: signupCsrf(token, email),
      },
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const other = await createMember(t.db, { name: 'Liked' });
    expectNotActivated(await like(client, other.id));

    const [mail] = await sink.waitForMailsTo(email);
    const link = /https?:\/\/\S*activ\S*/.exec(mail!.text ?? '')?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link!);
    const followed = await new Client(t.app).call({
      method: 'GET',
      url: url.pathname + url.search,
    });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('/activate/done');

    const liked = await like(client, other.id);
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toEqual({ liked: true });
    const chat = await startChat(client, other.id);
    expect(chat.statusCode).toBe(200);
    const sent = await send(client, chat.json().id, 'Hi Liked');
    expect(sent.statusCode, sent.body).toBe(200);
  });
});
