import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversation, createMember } from '../../../test/factories.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../../test/test-app.js';

const ADMIN = 'owner@amora-business.example';
let t: TestApp;
beforeAll(async () => {
  // A long cache: only the NOTIFY of a save can make the change show at once.
  t = await createTestApp({ ADMIN_EMAILS: ADMIN, SETTINGS_CACHE_SECONDS: '600' });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof logInNewMember>>;
let adminPromise: Promise<Member> | undefined;
const admin = () => {
  adminPromise ??= logInNewMember(t, { email: ADMIN, name: 'Owner' });
  return adminPromise;
};

const get = (by: Client, url: string) => by.call({ method: 'GET', url });
const readSite = async (by: Member) => {
  const res = await get(by.client, '/api/admin/settings.php');
  expect(res.statusCode).toBe(200);
  return res.json();
};
const saveSite = (by: Member, payload: Record<string, unknown>) =>
  by.client.call({ method: 'PUT', url: '/api/admin/settings.php', payload });
const publicSettings = async () =>
  (await new Client(t.app).call({ method: 'GET', url: '/api/settings.php' })).json();
const lastAudit = async (by: Member) =>
  (await get(by.client, '/api/admin/audit.php')).json().entries[0] as {
    action: string;
    reason: string | null;
    subject: { id: number } | null;
  };

describe('the settings and company info', () => {
  it('are for admins only', async () => {
    const moderator = await logInNewMember(t);
    await t.db
      .updateTable('members')
      .set({ staff_role: 'moderator' })
      .where('id', '=', moderator.id)
      .execute();
    expect((await get(moderator.client, '/api/admin/settings.php')).statusCode).toBe(403);
    const put = await saveSite(moderator, {});
    expect(put.statusCode).toBe(403);
    expect(put.json().error.code).toBe('forbidden');
  });

  it('saves with the version read, reaches every reader at once, and refuses a stale version', async () => {
    const owner = await admin();
    await publicSettings(); // now cached for ten minutes
    const site = await readSite(owner);
    const changed = {
      ...site,
      settings: {
        ...site.settings,
        signups: 'invite_only',
        minimum_message_costs: {
          ...site.settings.minimum_message_costs,
          NL: { costs: 0.5, currency: 'EUR' },
        },
      },
      company: { ...site.company, support_phone: '+31 20 123 4567' },
    };
    const saved = await saveSite(owner, changed);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ version: site.version + 1 });

    await expect.poll(async () => (await publicSettings()).signups).toBe('invite_only');
    expect((await publicSettings()).minimum_message_costs.NL).toEqual({
      costs: 0.5,
      currency: 'EUR',
    });
    const company = (
      await new Client(t.app).call({ method: 'GET', url: '/api/companyinfo.php' })
    ).json();
    expect(company.support_phone).toBe('+31 20 123 4567');
    const entries = (await get(owner.client, '/api/admin/audit.php')).json().entries.slice(0, 2);
    expect(entries).toEqual([
      expect.objectContaining({ action: 'company.update', reason: 'support_phone', subject: null }),
      expect.objectContaining({
        action: 'settings.update',
        reason: 'signups, minimum_message_costs',
      }),
    ]);

    // A second admin tab still holding the first version changes nothing.
    const stale = await saveSite(owner, { ...site, settings: { ...site.settings, name: 'Other' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('settings_changed');
    expect((await publicSettings()).name).toBe(site.settings.name);

    const back = await readSite(owner);
    await saveSite(owner, { ...back, settings: { ...back.settings, signups: 'all' } });
    await expect.poll(async () => (await publicSettings()).signups).toBe('all');
  });

  it('refuses settings that do not hold, naming the field', async () => {
    const owner = await admin();
    const site = await readSite(owner);
    const cases: [Record<string, unknown>, string][] = [
      [{ cdn_prefix: 'javascript:alert(1)//' }, 'settings.cdn_prefix'],
      [{ signups: 'sometimes' }, 'settings.signups'],
      [
        { minimum_message_costs: { NL: { costs: -1, currency: 'EUR' } } },
        'settings.minimum_message_costs.NL.costs',
      ],
      [{ search_fields: ['age', 'age'] }, 'settings.search_fields'],
      [{ countries: [] }, 'settings.countries'],
    ];
    for (const [change, field] of cases) {
      const res = await saveSite(owner, { ...site, settings: { ...site.settings, ...change } });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), field).toContain(field);
    }
    expect((await readSite(owner)).version).toBe(site.version);
  });

  it('shows others only the visible profile fields; the member still sees all of theirs', async () => {
    const owner = await admin();
    const viewer = await logInNewMember(t);
    const shown = await createMember(t.db);
    const profile = async () =>
      (await get(viewer.client, `/api/profile.php?id=${shown.id}`)).json().profile.fields;
    expect(await profile()).toHaveProperty('smoking');
    const site = await readSite(owner);
    const fields = site.settings.visible_profile_fields.filter((f: string) => f !== 'smoking');
    expect(
      (
        await saveSite(owner, {
          ...site,
          settings: { ...site.settings, visible_profile_fields: fields },
        })
      ).statusCode,
    ).toBe(200);
    await expect.poll(profile).not.toHaveProperty('smoking');
    const own = (await get(viewer.client, '/api/user.php')).json().user.profile.fields;
    expect(own).toHaveProperty('smoking');
    const again = await readSite(owner);
    await saveSite(owner, {
      ...again,
      settings: { ...again.settings, visible_profile_fields: site.settings.visible_profile_fields },
    });
  });
});

describe('POST /api/admin/credits.php', () => {
  it('corrects a balance with a ledger row and the reason in the audit log', async () => {
    const owner = await admin();
    const member = await logInNewMember(t);
    const correct = (amount: number, reason = 'Goodwill after the outage') =>
      owner.client.call({
        method: 'POST',
        url: '/api/admin/credits.php',
        payload: { member: member.id, amount, reason },
      });
    const res = await correct(25);
    expect(res.statusCode).toBe(200);
    const { credits } = res.json();
    const ledger = (await get(member.client, '/api/credits.php')).json();
    expect(ledger.credits).toBe(credits);
    const below = await correct(-(credits + 1), 'Too much');
    expect(below.statusCode).toBe(400);
    expect(below.json().error.fields).toHaveProperty('amount');
    expect((await correct(0)).statusCode).toBe(400);
    expect(await lastAudit(owner)).toMatchObject({
      action: 'credits.adjust',
      reason: '+25: Goodwill after the outage',
      subject: { id: member.id },
    });
    const rows = await t.db
      .selectFrom('credit_ledger')
      .select(['amount', 'reason'])
      .where('member_id', '=', member.id)
      .orderBy('id', 'desc')
      .execute();
    expect(rows[0]).toEqual({ amount: 25, reason: 'adjustment' });
  });
});

describe('campaign codes', () => {
  it('creates, pauses, resumes and limits a code; members see it work or not at once', async () => {
    const owner = await admin();
    const member = await logInNewMember(t);
    const code = `SPRING-${Date.now() % 100000}`;
    const create = (payload: Record<string, unknown>) =>
      owner.client.call({ method: 'POST', url: '/api/admin/codes.php', payload });
    const update = (payload: Record<string, unknown>) =>
      owner.client.call({ method: 'PUT', url: '/api/admin/codes.php', payload });
    // Whether the member is offered this code (a new member may get the time bonus instead).
    const offered = async () => {
      const res = await get(member.client, `/api/discountcode.php?code=${code.toLowerCase()}`);
      return res.statusCode === 200 && res.json().code === code;
    };

    const created = await create({
      code: code.toLowerCase(),
      percent: 20,
      products: null,
      valid_until: '2099-12-31',
      max_uses: 100,
      max_uses_per_member: 1,
    });
    expect(created.statusCode).toBe(200);
    const row = created.json();
    expect(row).toMatchObject({ code, percent: 20, paused: false, uses: 0, max_uses: 100 });
    expect(row.valid_until).toBe('2099-12-31T23:59:59.999Z');
    // A day that has the shape but is not on the calendar is the admin's typo, not a 500.
    for (const valid_until of ['2099-13-01', '2099-02-30']) {
      const typo = await update({ id: row.id, valid_until });
      expect(typo.statusCode, valid_until).toBe(400);
      expect(typo.json().error.fields).toHaveProperty('valid_until');
    }
    const again = await create({
      code,
      percent: 5,
      products: null,
      valid_until: '2099-12-31',
      max_uses: null,
      max_uses_per_member: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('code_taken');
    expect((await create({ code: 'x', percent: 95 })).statusCode).toBe(400);

    const listed = (await get(owner.client, '/api/admin/codes.php')).json().codes;
    expect(listed[0]).toMatchObject({ id: row.id, code });
    expect(await offered()).toBe(true);

    expect((await update({ id: row.id, paused: true })).json().paused).toBe(true);
    expect(await offered()).toBe(false);
    expect((await update({ id: row.id, paused: false, max_uses: 5 })).json()).toMatchObject({
      paused: false,
      max_uses: 5,
    });
    expect(await offered()).toBe(true);
    expect((await update({ id: 999_999_999, paused: true })).statusCode).toBe(404);

    const uses = await get(owner.client, `/api/admin/code-uses.php?id=${row.id}`);
    expect(uses.json()).toEqual({ uses: [] });
    const log = (await get(owner.client, '/api/admin/audit.php')).json().entries.slice(0, 3);
    expect(log.map((e: { action: string; reason: string }) => [e.action, e.reason])).toEqual([
      ['code.update', `${code}: resumed, max_uses 5`],
      ['code.update', `${code}: paused`],
      ['code.create', `${code}: 20%`],
    ]);
  });
});

describe('GET /api/admin/dashboard.php', () => {
  it('counts a closed day once and keeps that count', async () => {
    const owner = await admin();
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    const day = twoDaysAgo.toISOString().slice(0, 10);
    const signupsThen = async () => {
      const res = await get(owner.client, '/api/admin/dashboard.php');
      return (res.json().days as { day: string; signups: number }[]).find((d) => d.day === day)!
        .signups;
    };
    const counted = await t.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('signup_date', '>=', new Date(`${day}T00:00:00Z`))
      .where('signup_date', '<', new Date(`${day}T24:00:00Z`))
      .executeTakeFirstOrThrow();
    const signUpThen = async () => {
      const member = await createMember(t.db);
      await t.db
        .updateTable('members')
        .set({ signup_date: twoDaysAgo })
        .where('id', '=', member.id)
        .execute();
    };
    await signUpThen();
    expect(await signupsThen()).toBe(Number(counted.n) + 1);
    // A closed day is stored: what is read afterwards comes from the rollup, not the tables.
    await signUpThen();
    expect(await signupsThen()).toBe(Number(counted.n) + 1);
  });

  it('counts today’s signups, activations, messages, reports and paid orders, with revenue', async () => {
    const owner = await admin();
    const figures = async () => {
      const res = await get(owner.client, '/api/admin/dashboard.php');
      expect(res.statusCode).toBe(200);
      return res.json() as {
        days: { day: string; signups: number; messages: number; orders: number }[];
        revenue: { day: string; currency: string; amount: number }[];
      };
    };
    const before = await figures();
    expect(before.days).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(before.days.at(-1)?.day).toBe(today);

    const a = await createMember(t.db);
    const b = await createMember(t.db);
    await createConversation(t.db, a.id, b.id, { messages: [[a.id, 'Hi']] });
    await t.db
      .insertInto('orders')
      .values({
        id: crypto.randomUUID(),
        member_id: a.id,
        product: 'credits-50',
        credits: 50,
        premium_days: 0,
        amount: 1750,
        currency: 'EUR',
        method: 'card',
        provider: 'demo',
        status: 'paid',
        paid_at: new Date(),
      })
      .execute();
    const after = await figures();
    const [was, now] = [before.days.at(-1)!, after.days.at(-1)!];
    expect(now.signups - was.signups).toBe(2);
    expect(now.messages - was.messages).toBe(1);
    expect(now.orders - was.orders).toBe(1);
    const euros = (f: typeof before) =>
      f.revenue.find((r) => r.day === today && r.currency === 'EUR')?.amount ?? 0;
    expect(euros(after) - euros(before)).toBe(1750);
  });
});
