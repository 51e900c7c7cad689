import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits } from '../../../modules/credits/credit-ledger.repository.js';
import {
  type Client,
  createTestApp,
  logInModerator,
  logInNewMember,
  type TestApp,
} from '../../../test/test-app.js';

const ADMIN = 'boss@amora-members.example';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
});
afterAll(() => t?.close());

type Member = Awaited<ReturnType<typeof logInNewMember>>;

const moderator = () => logInModerator(t);

let bossPromise: Promise<Member> | undefined;
const theAdmin = () => {
  bossPromise ??= logInNewMember(t, { email: ADMIN });
  return bossPromise;
};

const get = (by: Client, url: string) => by.call({ method: 'GET', url });

describe('GET /api/admin/member.php', () => {
  it('shows orders, ledger and sessions to admins only: a moderator’s answer has no such fields', async () => {
    const subject = await logInNewMember(t);
    await changeCredits(t.db, { memberId: subject.id, amount: 5, reason: 'opening' });
    const [boss, mod] = [await theAdmin(), await moderator()];

    const forAdmin = await get(boss.client, `/api/admin/member.php?id=${subject.id}`);
    expect(forAdmin.statusCode, forAdmin.body).toBe(200);
    const full = forAdmin.json();
    expect(full.orders).toEqual([]);
    expect(full.ledger).toMatchObject([{ amount: 5, reason: 'opening' }]);
    expect(full.sessions).toHaveLength(1);

    const forModerator = await get(mod.client, `/api/admin/member.php?id=${subject.id}`);
    expect(forModerator.statusCode, forModerator.body).toBe(200);
    const judged = forModerator.json();
    for (const field of ['orders', 'ledger', 'sessions']) expect(judged).not.toHaveProperty(field);
    // What a moderator needs to judge the member stays.
    expect(judged.member).toMatchObject({ id: subject.id, name: subject.name });
    expect(judged).toMatchObject({ photos: [], reports_made: [], reports_received: [] });
  });
});

describe('GET /api/admin/members.php', () => {
  it('finds a member by exact e-mail address for admins only; moderators by id or name', async () => {
    const subject = await logInNewMember(t, { name: 'Quentin Lookup' });
    const [boss, mod] = [await theAdmin(), await moderator()];
    const byAddress = `/api/admin/members.php?q=${encodeURIComponent(subject.email)}`;

    const found = await get(boss.client, byAddress);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().members.map((m: { id: number }) => m.id)).toEqual([subject.id]);
    // The address is matched, never answered.
    expect(found.body).not.toContain(subject.email);

    const refused = await get(mod.client, byAddress);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    expect(refused.body).not.toContain(String(subject.id));

    for (const q of [String(subject.id), 'Quentin Look']) {
      const res = await get(mod.client, `/api/admin/members.php?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json().members.map((m: { id: number }) => m.id)).toEqual([subject.id]);
    }
  });
});
