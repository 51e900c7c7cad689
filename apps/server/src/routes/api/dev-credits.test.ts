import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits, ledgerBalance } from '../../modules/credits/credit-ledger.repository.js';
import { creditsOf } from '../../test/factories.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

const ledgerOf = (t: TestApp, memberId: number) =>
  t.db
    .selectFrom('credit_ledger')
    .select(['amount', 'reason'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();

describe('POST /api/dev/credits.php in the demo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sets my credits to zero with one adjustment row of minus the balance', async () => {
    const member = await logInNewMember(t);
    await t.db.transaction().execute(async (trx) => {
      await changeCredits(trx, { memberId: member.id, amount: 37, reason: 'purchase' });
    });
    const balance = await creditsOf(t.db, member.id);
    expect(balance).toBeGreaterThanOrEqual(37);
    const before = await ledgerOf(t, member.id);

    const res = await member.client.call({ method: 'POST', url: '/api/dev/credits.php' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ credits: 0 });
    expect(await creditsOf(t.db, member.id)).toBe(0);
    const after = await ledgerOf(t, member.id);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length)).toEqual([{ amount: -balance, reason: 'adjustment' }]);
    expect(await ledgerBalance(t.db, member.id)).toBe(0);

    // Already at zero: nothing more is written.
    const again = await member.client.call({ method: 'POST', url: '/api/dev/credits.php' });
    expect(again.json()).toEqual({ credits: 0 });
    expect(await ledgerOf(t, member.id)).toHaveLength(after.length);
  });

  it('needs a logged-in member', async () => {
    const res = await new Client(t.app).call({ method: 'POST', url: '/api/dev/credits.php' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_logged_in');
  });
});

describe('POST /api/dev/credits.php in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      MODE: 'production',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SECRET_KEY: 'production-secret-key-0123456789abcdef',
    });
  });
  afterAll(() => t.close());

  it('does not exist', async () => {
    const member = await logInNewMember(t);
    await t.db.transaction().execute(async (trx) => {
      await changeCredits(trx, { memberId: member.id, amount: 5, reason: 'purchase' });
    });
    const credits = await creditsOf(t.db, member.id);
    const res = await member.client.call({ method: 'POST', url: '/api/dev/credits.php' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(await creditsOf(t.db, member.id)).toBe(credits);
  });
});
