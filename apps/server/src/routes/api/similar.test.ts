import { SIMILAR_PROFILES_LIMIT } from '@amora/shared/rules/similar-profiles';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bornOnOrBefore } from '../../modules/search/search.service.js';
import { addFindableMember, createMember, type FindableSpec } from '../../test/factories.js';
import { Client, createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Every test starts from no members.
beforeEach(async () => {
  await t.db.deleteFrom('members').execute();
});

const DAY_MS = 86_400_000;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** The date of birth of someone who turns `age` today, moved by `days` (+1: turns it tomorrow). */
function birthday(age: number, days = 0): string {
  const d = new Date(`${bornOnOrBefore(new Date(), age)}T00:00:00Z`);
  return new Date(d.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** A member straight in the database: by default a woman of 40 in Noord-Holland. */
const addMember = (spec: FindableSpec = {}) =>
  addFindableMember(t.db, { dateOfBirth: birthday(40), ...spec });

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

const similar = (id: string | number, client = new Client(t.app)) =>
  client.call({ method: 'GET', url: `/api/similar.php?id=${id}` });

async function similarIds(id: number, client?: Client): Promise<number[]> {
  const res = await similar(id, client);
  expect(res.statusCode).toBe(200);
  return res.json().profiles.map((p: { id: number }) => p.id);
}

describe('GET /api/similar.php', () => {
  it('lists members of the viewed member’s gender only', async () => {
    const viewed = await addMember();
    const woman = await addMember({ gender: 'female' });
    const man = await addMember({ gender: 'male' });
    const ids = await similarIds(viewed);
    expect(ids).toContain(woman);
    expect(ids).not.toContain(man);

    const viewedMan = await addMember({ gender: 'male' });
    const idsForMan = await similarIds(viewedMan);
    expect(idsForMan).toEqual([man]);
  });

  it('lists ages within 5 years of the viewed member’s age, edges included', async () => {
    const viewed = await addMember({ dateOfBirth: birthday(40) });
    const turns35Today = await addMember({ dateOfBirth: birthday(35) });
    const turns35Tomorrow = await addMember({ dateOfBirth: birthday(35, 1) }); // still 34
    const turns46Tomorrow = await addMember({ dateOfBirth: birthday(46, 1) }); // still 45
    const turns46Today = await addMember({ dateOfBirth: birthday(46) });
    const ids = await similarIds(viewed);
    expect(ids).toContain(turns35Today);
    expect(ids).toContain(turns46Tomorrow);
    expect(ids).not.toContain(turns35Tomorrow);
    expect(ids).not.toContain(turns46Today);
  });

  it('never lists anyone under 18, however young the viewed member is', async () => {
    const viewed = await addMember({ dateOfBirth: birthday(19) });
    const adult = await addMember({ dateOfBirth: birthday(18) });
    // A minor cannot sign up; should one be in the table, similar profiles still skip them.
    const minor = await addMember({ dateOfBirth: birthday(18, 1) });
    const ids = await similarIds(viewed);
    expect(ids).toContain(adult);
    expect(ids).not.toContain(minor);
  });

  it('pairs NL with BE (both ways), ignores the region and takes no third country', async () => {
    const viewedNl = await addMember({ country: 'NL', countryregion: 'NL-NH' });
    const nlOtherRegion = await addMember({ country: 'NL', countryregion: 'NL-ZH' });
    const be = await addMember({ country: 'BE', countryregion: 'BE-VAN' });
    const de = await addMember({ country: 'DE', countryregion: 'DE-BE' });
    const fr = await addMember({ country: 'FR', countryregion: 'FR-IDF' });
    expect(sorted(await similarIds(viewedNl))).toEqual(sorted([nlOtherRegion, be]));

    const viewedBe = await addMember({ country: 'BE', countryregion: 'BE-VLI' });
    expect(sorted(await similarIds(viewedBe))).toEqual(sorted([viewedNl, nlOtherRegion, be]));

    const viewedFr = await addMember({ country: 'FR', countryregion: 'FR-IDF' });
    expect(await similarIds(viewedFr)).toEqual([fr]);
    expect(await similarIds(de)).toEqual([]);
  });

  it('leaves out the viewed member, the viewer and members others may not see', async () => {
    const viewer = await createMember(t.db, { dateOfBirth: birthday(41), country: 'NL' });
    const client = new Client(t.app);
    const login = await client.call({
      method: 'POST',
      url: '/api/login.php',
      payload: { email: viewer.email, password: viewer.password },
    });
    expect(login.statusCode).toBe(200);

    const viewed = await addMember();
    const visible = await addMember();
    const deleted = await addMember({ status: 'deleted' });
    const banned = await addMember({ status: 'banned' });
    const unactivated = await addMember({ activated: false });

    const ids = await similarIds(viewed, client);
    expect(ids).toEqual([visible]);
    // A visitor sees the viewer, who is similar too.
    expect(sorted(await similarIds(viewed))).toEqual(sorted([viewer.id, visible]));
    for (const hidden of [deleted, banned, unactivated]) expect(ids).not.toContain(hidden);
    // Viewing oneself: oneself is not "similar".
    expect(await similarIds(viewer.id, client)).toEqual([viewed, visible]);
  });

  it('lists at most 8, most recently active first', async () => {
    const viewed = await addMember({ lastActive: minutesAgo(0) });
    const made: { id: number; minutes: number }[] = [];
    for (const minutes of [50, 5, 30, 1, 90, 12, 70, 3, 40, 20, 60]) {
      made.push({ id: await addMember({ lastActive: minutesAgo(minutes) }), minutes });
    }
    const expected = made
      .sort((a, b) => a.minutes - b.minutes)
      .slice(0, SIMILAR_PROFILES_LIMIT)
      .map((m) => m.id);
    expect(SIMILAR_PROFILES_LIMIT).toBe(8);
    expect(await similarIds(viewed)).toEqual(expected);
  });

  it('merges both countries of a pair in order of activity', async () => {
    const viewed = await addMember({ country: 'DE', countryregion: 'DE-BY' });
    const at1 = await addMember({
      country: 'AT',
      countryregion: 'AT-9',
      lastActive: minutesAgo(1),
    });
    const de2 = await addMember({
      country: 'DE',
      countryregion: 'DE-BE',
      lastActive: minutesAgo(2),
    });
    const at3 = await addMember({
      country: 'AT',
      countryregion: 'AT-9',
      lastActive: minutesAgo(3),
    });
    const de4 = await addMember({
      country: 'DE',
      countryregion: 'DE-BY',
      lastActive: minutesAgo(4),
    });
    expect(await similarIds(viewed)).toEqual([at1, de2, at3, de4]);
  });

  it('sends public profiles only: no e-mail, no date of birth, no hidden note', async () => {
    const viewed = await addMember();
    await addMember({ name: 'Anouk' });
    const res = await similar(viewed);
    expect(res.statusCode).toBe(200);
    const { profiles } = res.json();
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({ name: 'Anouk', age: 40, notes: { personal: 'Hi' } });
    expect(profiles[0]).not.toHaveProperty('date_of_birth');
    expect(profiles[0]).not.toHaveProperty('email');
    expect(res.body).not.toContain('@example.com');
    expect(res.body).not.toContain(birthday(40));
    expect(res.body).not.toContain('secret_note');
  });

  it('answers 404 for unknown, deleted, banned and unactivated members', async () => {
    const deleted = await addMember({ status: 'deleted' });
    const banned = await addMember({ status: 'banned' });
    const unactivated = await addMember({ activated: false });
    for (const id of [999_999, deleted, banned, unactivated]) {
      const res = await similar(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('member_not_found');
    }
  });

  it('answers 400 for an id that is not a positive number', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '', '99999999999999999999']) {
      const res = await similar(id);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
    const missing = await new Client(t.app).call({ method: 'GET', url: '/api/similar.php' });
    expect(missing.statusCode).toBe(400);
  });
});
