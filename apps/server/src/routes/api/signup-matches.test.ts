import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bornOnOrBefore } from '../../modules/search/search.service.js';
import { addFindableMember, type FindableSpec } from '../../test/factories.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('members').execute();
});

const birthday = (age: number) => bornOnOrBefore(new Date(), age);
/** By default a woman of 40 in the Netherlands. */
const addMember = (spec: FindableSpec = {}) =>
  addFindableMember(t.db, { dateOfBirth: birthday(40), country: 'NL', ...spec });

/** A new member: 38 in the Netherlands (createMember's profile), with the search they made. */
async function newMember(search?: Record<string, string>) {
  const me = await logInNewMember(t, { country: 'NL', dateOfBirth: birthday(38) });
  if (search) {
    const query = new URLSearchParams({ ...search, manual_search: '1' }).toString();
    await me.client.call({ method: 'GET', url: `/api/search.php?${query}` });
  }
  return me;
}

async function matchIds(me: Awaited<ReturnType<typeof newMember>>) {
  const res = await me.client.call({ method: 'GET', url: '/api/signup-matches.php' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().profiles.map((p: { id: number }) => p.id) as number[];
}

describe('GET /api/signup-matches.php', () => {
  it('lists members of the own country and its nearby pair, around the own age, both genders', async () => {
    const dutchWoman = await addMember();
    const dutchMan = await addMember({ gender: 'male' });
    const belgian = await addMember({ country: 'BE', countryregion: null });
    const german = await addMember({ country: 'DE', countryregion: null });
    const tooOld = await addMember({ dateOfBirth: birthday(50) });
    const tooYoung = await addMember({ dateOfBirth: birthday(30) });
    const me = await newMember();
    const ids = await matchIds(me);
    expect(ids).toEqual(expect.arrayContaining([dutchWoman, dutchMan, belgian]));
    for (const out of [german, tooOld, tooYoung, me.id]) expect(ids).not.toContain(out);
  });

  it('takes the gender of the remembered search', async () => {
    const woman = await addMember();
    const man = await addMember({ gender: 'male' });
    const me = await newMember({ gender: 'male' });
    const ids = await matchIds(me);
    expect(ids).toContain(man);
    expect(ids).not.toContain(woman);
  });

  it('is for members only', async () => {
    const res = await new Client(t.app).call({ method: 'GET', url: '/api/signup-matches.php' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_logged_in');
  });
});
