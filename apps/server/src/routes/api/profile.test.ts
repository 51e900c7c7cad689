import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.js';
import { Client, createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getProfile = (id: string | number, client = new Client(t.app)) =>
  client.call({ method: 'GET', url: `/api/profile.php?id=${id}` });

describe('GET /api/profile.php', () => {
  it('shows a member to a logged-out visitor, with age but no e-mail or date of birth', async () => {
    const m = await createMember(t.db, {
      name: 'Carla',
      dateOfBirth: '1995-01-02',
      notes: { personal: 'I like tea' },
    });
    const res = await getProfile(m.id);
    expect(res.statusCode).toBe(200);
    const { profile } = res.json();
    expect(profile).toMatchObject({
      id: m.id,
      name: 'Carla',
      notes: { personal: 'I like tea' },
      images: [],
    });
    expect(profile.age).toBeGreaterThanOrEqual(30);
    expect(profile).not.toHaveProperty('date_of_birth');
    expect(res.body).not.toContain(m.email);
  });

  it('answers 404 for unknown, deleted, banned and unactivated members', async () => {
    const deleted = await createMember(t.db, { status: 'deleted' });
    const banned = await createMember(t.db, { status: 'banned' });
    const inactive = await createMember(t.db, { activated: false });
    for (const id of [999_999, deleted.id, banned.id, inactive.id]) {
      const res = await getProfile(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('member_not_found');
    }
  });

  it('answers 400 for an id that is not a positive number', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '', '99999999999999999999']) {
      const res = await getProfile(id);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
  });
});
