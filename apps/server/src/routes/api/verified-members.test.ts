import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectMemberData } from '../../modules/privacy/data-export.repository.js';
import { DEFAULT_SETTINGS, type StoredSettings } from '../../modules/site/site-defaults.js';
import { addFindableMember, createConversation, createMember } from '../../test/factories.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

// Issue 48, "what verification gives" (docs/decisions/063): `verified` in every profile, the
// "verified members only" search filter, and the choice to hear from verified members only.

let t: TestApp;
beforeAll(async () => {
  // Messages are free here, so a refusal is about who writes, not about credits.
  t = await createTestApp({ MESSAGE_CREDITS: '0' });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof logInNewMember>>;

/** What a person's approval leaves: the mark on the member (set directly, as arranged). */
async function verify(memberId: number) {
  await t.db
    .updateTable('members')
    .set({ verified_at: new Date() })
    .where('id', '=', memberId)
    .execute();
}

async function setSettings(overrides: Partial<StoredSettings>) {
  await t.db
    .updateTable('settings')
    .set({ value: JSON.stringify({ ...DEFAULT_SETTINGS, ...overrides }) })
    .where('key', '=', 'site')
    .execute();
}

/** Search starts from nobody but the members a test adds. */
const noMembers = () => t.db.deleteFrom('members').execute();

async function search(client: Client, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await client.call({ method: 'GET', url: `/api/search.php?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    profiles: { id: number; verified: boolean }[];
    filter_options: { verified: boolean; remembered: boolean };
  };
}

const setting = (member: Member, settings: Record<string, unknown>) =>
  member.client.call({ method: 'PUT', url: '/api/user.php', payload: { settings } });
const startChat = (from: Member, to: number) =>
  from.client.call({ method: 'GET', url: `/api/chat.php?profile=${to}` });
const send = (from: Member, conversation: number, text = 'Hello') =>
  from.client.call({ method: 'POST', url: '/api/messages.php', payload: { conversation, text } });

function expectRefused(res: { statusCode: number; body: string }, code: string) {
  expect(res.statusCode, res.body).toBe(403);
  expect(JSON.parse(res.body).error.code).toBe(code);
}

const conversationsOf = async (a: number, b: number) =>
  t.db
    .selectFrom('conversations')
    .select('id')
    .where('member_low', '=', Math.min(a, b))
    .where('member_high', '=', Math.max(a, b))
    .execute();

const messagesIn = async (conversation: number) =>
  t.db.selectFrom('messages').select('text').where('conversation_id', '=', conversation).execute();

/** A member who lets only verified members write to them. */
async function protectedMember() {
  const member = await logInNewMember(t, { name: 'Careful' });
  const res = await setting(member, { verified_contact_only: true });
  expect(res.statusCode, res.body).toBe(200);
  return member;
}

describe('verified in the profiles members and visitors get', () => {
  it('marks verified members in search, the profile, a conversation and the chats list', async () => {
    await noMembers();
    const me = await logInNewMember(t);
    const verified = await addFindableMember(t.db, { name: 'Checked' });
    const other = await addFindableMember(t.db, { name: 'Unchecked' });
    await verify(verified);

    const found = await search(me.client);
    const marks = Object.fromEntries(found.profiles.map((p) => [p.id, p.verified]));
    expect(marks).toEqual({ [verified]: true, [other]: false });
    // A visitor sees the same mark.
    const visitor = await search(new Client(t.app));
    expect(visitor.profiles.find((p) => p.id === verified)?.verified).toBe(true);

    for (const [id, expected] of [
      [verified, true],
      [other, false],
    ] as const) {
      const res = await me.client.call({ method: 'GET', url: `/api/profile.php?id=${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().profile.verified).toBe(expected);
    }

    const conversation = await createConversation(t.db, me.id, verified, {
      messages: [[verified, 'Hi there']],
    });
    const page = await me.client.call({
      method: 'GET',
      url: `/api/messages.php?conversation=${conversation}`,
    });
    expect(page.json().profile).toMatchObject({ id: verified, verified: true });
    const chats = await me.client.call({ method: 'GET', url: '/api/chats.php' });
    expect(chats.json().chats.map((c: { profile: object }) => c.profile)).toEqual([
      expect.objectContaining({ id: verified, verified: true }),
    ]);
  });

  it('shows the member their own mark once a person approved them', async () => {
    const me = await logInNewMember(t);
    const before = await me.client.call({ method: 'GET', url: '/api/user.php' });
    expect(before.json().user.profile.verified).toBe(false);
    await verify(me.id);
    const after = await me.client.call({ method: 'GET', url: '/api/user.php' });
    expect(after.json().user.profile.verified).toBe(true);
  });
});

describe('the "verified members only" search filter', () => {
  it('lists verified members only with verified=1, and says so in filter_options', async () => {
    await noMembers();
    await setSettings({});
    const me = await logInNewMember(t);
    const verified = await addFindableMember(t.db);
    const other = await addFindableMember(t.db);
    await verify(verified);

    const all = await search(me.client, { verified: 0 });
    expect(all.profiles.map((p) => p.id)).toEqual([verified, other]);
    expect(all.filter_options.verified).toBe(false);

    const only = await search(me.client, { verified: 1 });
    expect(only.profiles.map((p) => p.id)).toEqual([verified]);
    expect(only.filter_options.verified).toBe(true);

    // A member verified later is found at once.
    await verify(other);
    expect((await search(me.client, { verified: 1 })).profiles.map((p) => p.id)).toEqual([
      verified,
      other,
    ]);
  });

  it('is remembered with a manual search, and honoured only while search_fields offers it', async () => {
    await noMembers();
    await setSettings({});
    const me = await logInNewMember(t);
    const verified = await addFindableMember(t.db);
    await addFindableMember(t.db);
    await verify(verified);

    await search(me.client, { verified: 1, manual_search: 1 });
    const stored = await t.db
      .selectFrom('member_searches')
      .select('filters')
      .where('member_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(stored.filters).toMatchObject({ verified: '1' });
    const later = await search(me.client);
    expect(later.filter_options).toMatchObject({ verified: true, remembered: true });
    expect(later.profiles.map((p) => p.id)).toEqual([verified]);

    await setSettings({ search_fields: ['gender', 'age', 'country', 'countryregion'] });
    const ignored = await search(me.client, { verified: 1 });
    expect(ignored.profiles).toHaveLength(2);
    expect(ignored.filter_options.verified).toBe(false);
    await setSettings({});
  });

  it('is offered by default', async () => {
    const res = await new Client(t.app).call({ method: 'GET', url: '/api/settings.php' });
    expect(res.json().search_fields).toContain('verified');
  });
});

describe('only verified members may write to me', () => {
  it('is a setting of PUT /api/user.php, beside show_flagged_photos', async () => {
    const me = await logInNewMember(t);
    const before = await me.client.call({ method: 'GET', url: '/api/user.php' });
    expect(before.json().user.settings).toEqual({
      show_flagged_photos: false,
      verified_contact_only: false,
    });
    const on = await setting(me, { verified_contact_only: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().user.settings).toEqual({
      show_flagged_photos: false,
      verified_contact_only: true,
    });
    // Changing one setting keeps the other.
    const flagged = await setting(me, { show_flagged_photos: true });
    expect(flagged.json().user.settings).toEqual({
      show_flagged_photos: true,
      verified_contact_only: true,
    });
    // The member's data export says what they chose.
    expect((await collectMemberData(t.db, me.id)).consents).toMatchObject({
      show_flagged_photos: true,
      verified_contact_only: true,
    });
    for (const bad of [{}, { verified_contact_only: 'yes' }, { unknown: true }]) {
      const res = await setting(me, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
  });

  it('refuses an unverified member a new conversation and a message with 403 verification_required', async () => {
    const careful = await protectedMember();
    const sender = await logInNewMember(t);
    expectRefused(await startChat(sender, careful.id), 'verification_required');
    expect(await conversationsOf(sender.id, careful.id)).toEqual([]);

    // A conversation from before opens, but nothing is written in it.
    const conversation = await createConversation(t.db, sender.id, careful.id);
    const opened = await startChat(sender, careful.id);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().id).toBe(conversation);
    expectRefused(await send(sender, conversation), 'verification_required');
    expect(await messagesIn(conversation)).toEqual([]);

    // Without the setting, the same sender writes.
    await setting(careful, { verified_contact_only: false });
    expect((await send(sender, conversation)).statusCode).toBe(200);
  });

  it('lets a verified member start a conversation and write', async () => {
    const careful = await protectedMember();
    const sender = await logInNewMember(t);
    await verify(sender.id);
    const started = await startChat(sender, careful.id);
    expect(started.statusCode, started.body).toBe(200);
    const sent = await send(sender, started.json().id, 'Verified hello');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await messagesIn(started.json().id)).toEqual([{ text: 'Verified hello' }]);
  });

  it('lets an unverified member answer a conversation the member started', async () => {
    const careful = await protectedMember();
    const sender = await logInNewMember(t);
    const opened = await startChat(careful, sender.id);
    const conversation = opened.json().id as number;
    expect((await send(careful, conversation, 'Write back')).statusCode).toBe(200);
    const reply = await send(sender, conversation, 'Gladly');
    expect(reply.statusCode, reply.body).toBe(200);
  });

  it('comes after the refusals that were there before', async () => {
    const careful = await protectedMember();
    // Not confirmed: the address comes first.
    const unconfirmed = await logInNewMember(t, { activated: false });
    expectRefused(await startChat(unconfirmed, careful.id), 'not_activated');
    const old = await createConversation(t.db, unconfirmed.id, careful.id);
    expectRefused(await send(unconfirmed, old), 'not_activated');

    const sender = await logInNewMember(t);
    const conversation = await createConversation(t.db, sender.id, careful.id);
    // Not in the conversation, a block, a member gone: each answers as before.
    const stranger = await logInNewMember(t);
    expectRefused(await send(stranger, conversation), 'not_in_conversation');
    await t.db
      .insertInto('blocks')
      .values({ blocker_id: careful.id, blocked_id: sender.id })
      .execute();
    expectRefused(await send(sender, conversation), 'blocked');
    const blockedStart = await startChat(sender, careful.id);
    expect(blockedStart.statusCode).toBe(404);
    expect(blockedStart.json().error.code).toBe('member_not_found');
    await t.db.deleteFrom('blocks').where('blocker_id', '=', careful.id).execute();
    expectRefused(await send(sender, conversation), 'verification_required');

    const gone = await createMember(t.db, { status: 'deleted' });
    await t.db
      .updateTable('members')
      .set({ verified_contact_only: true })
      .where('id', '=', gone.id)
      .execute();
    const withGone = await createConversation(t.db, sender.id, gone.id);
    const res = await send(sender, withGone);
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('member_gone');
  });
});
