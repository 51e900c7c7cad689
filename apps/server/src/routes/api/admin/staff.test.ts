import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits } from '../../../modules/credits/credit-ledger.repository.js';
import { notifyMembers } from '../../../modules/live/live-notify.js';
import { createConversation, createMember } from '../../../test/factories.js';
import { listening, openLive, until } from '../../../test/live-socket.js';
import { multipart } from '../../../test/multipart.js';
import {
  Client,
  createTestApp,
  logInModerator,
  logInNewMember,
  type TestApp,
} from '../../../test/test-app.js';

const ADMIN = 'boss@amora-staff.example';
const DEPUTY = 'deputy@amora-staff.example';
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_EMAILS: `other-admin@example.com, ${ADMIN.toUpperCase()}, ${DEPUTY}`,
  });
  base = await listening(t.app);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof logInNewMember>>;

const moderator = () => logInModerator(t);

let adminPromise: Promise<Member> | undefined;
const admin = () => {
  adminPromise ??= logInNewMember(t, { email: ADMIN, name: 'Boss' });
  return adminPromise;
};

let otherAdminPromise: Promise<Member> | undefined;
const otherAdmin = () => {
  otherAdminPromise ??= logInNewMember(t, { email: DEPUTY, name: 'Deputy' });
  return otherAdminPromise;
};

const get = (by: Client, url: string) => by.call({ method: 'GET', url });
const post = (by: Client, url: string, payload: Record<string, unknown>) =>
  by.call({ method: 'POST', url, payload });
const memberAction = (by: Member, member: number, action: string, reason = 'Breaks rule 3') =>
  post(by.client, '/api/admin/members.php', { member, action, reason });
const login = (email: string, password: string) =>
  post(new Client(t.app), '/api/login.php', { email, password });
const auditActions = async (by: Member) =>
  (
    (await get(by.client, '/api/admin/audit.php')).json() as {
      entries: { action: string; subject: { id: number } | null; staff: { id: number } }[];
    }
  ).entries;

const MODERATOR_CALLS = [
  ['GET', '/api/admin/reports.php'],
  ['GET', '/api/admin/photos.php'],
  ['GET', '/api/admin/held.php'],
  ['GET', '/api/admin/members.php?q=x'],
  ['GET', '/api/admin/audit.php'],
  ['POST', '/api/admin/members.php'],
  ['POST', '/api/admin/reports.php'],
] as const;

describe('who may call /api/admin/*', () => {
  it('answers 403 to visitors and to members without a staff role', async () => {
    const member = await logInNewMember(t);
    for (const [method, url] of [...MODERATOR_CALLS, ['GET', '/api/admin/staff.php']] as const) {
      const payload = method === 'POST' ? {} : undefined;
      const visitor = await new Client(t.app).call({ method, url, payload });
      expect(visitor.statusCode, `${method} ${url}`).toBe(403);
      expect(visitor.json().error.code).toBe('not_logged_in');
      const res = await member.client.call({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
  });

  it('lets a moderator work the queues but not manage staff; an admin does both', async () => {
    const mod = await moderator();
    for (const [method, url] of MODERATOR_CALLS.filter(([m]) => m === 'GET')) {
      expect((await mod.client.call({ method, url })).statusCode, url).toBe(200);
    }
    expect((await get(mod.client, '/api/admin/staff.php')).statusCode).toBe(403);
    expect((await get(mod.client, '/api/admin/me.php')).json()).toEqual({
      role: 'moderator',
      reauth_required: false,
    });
    const boss = await admin();
    const staff = await get(boss.client, '/api/admin/staff.php');
    expect(staff.statusCode).toBe(200);
    const list = staff.json().staff as { id: number; role: string; listed: boolean }[];
    expect(list).toContainEqual({ id: boss.id, name: 'Boss', role: 'admin', listed: true });
    expect(list).toContainEqual(expect.objectContaining({ id: mod.id, role: 'moderator' }));
  });

  it('makes an admin only of a confirmed address on ADMIN_EMAILS', async () => {
    const unconfirmed = await logInNewMember(t, {
      email: 'other-admin@example.com',
      activated: false,
    });
    expect((await get(unconfirmed.client, '/api/admin/me.php')).statusCode).toBe(403);
  });

  it('grants and takes back the moderator role, never from oneself or a listed admin', async () => {
    const boss = await admin();
    const helper = await logInNewMember(t);
    expect((await get(helper.client, '/api/admin/reports.php')).statusCode).toBe(403);
    const grant = await post(boss.client, '/api/admin/staff.php', {
      member: helper.id,
      role: 'moderator',
    });
    expect(grant.statusCode).toBe(200);
    expect((await get(helper.client, '/api/admin/reports.php')).statusCode).toBe(200);
    // A moderator neither bans nor demotes an admin, nor themselves.
    expect((await memberAction(helper, boss.id, 'ban')).statusCode).toBe(403);
    expect((await memberAction(helper, helper.id, 'ban')).statusCode).toBe(403);
    const self = await post(boss.client, '/api/admin/staff.php', { member: boss.id, role: null });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.code).toBe('forbidden');
    await post(boss.client, '/api/admin/staff.php', { member: helper.id, role: null });
    expect((await get(helper.client, '/api/admin/reports.php')).statusCode).toBe(403);
    const actions = (await auditActions(boss)).map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(['staff.revoke', 'staff.grant']);
  });
});

describe('the 30-minute staff window', () => {
  it('asks for the password again after 30 quiet minutes, and counts wrong ones', async () => {
    const mod = await moderator();
    expect((await get(mod.client, '/api/admin/reports.php')).statusCode).toBe(200);
    await t.db
      .updateTable('sessions')
      .set({ staff_seen_at: sql<Date>`now() - interval '31 minutes'` })
      .where('member_id', '=', mod.id)
      .execute();
    const stale = await get(mod.client, '/api/admin/reports.php');
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.code).toBe('reauth_required');
    expect((await get(mod.client, '/api/admin/me.php')).json().reauth_required).toBe(true);

    const wrong = await post(mod.client, '/api/admin/reauth.php', { password: 'nope nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('wrong_password');
    const failures = await t.db
      .selectFrom('login_failures')
      .select('id')
      .where('account', '=', mod.email)
      .execute();
    expect(failures).toHaveLength(1);

    const right = await post(mod.client, '/api/admin/reauth.php', { password: mod.password });
    expect(right.statusCode).toBe(200);
    expect((await get(mod.client, '/api/admin/reports.php')).statusCode).toBe(200);
  });

  it('counts from the login for the first staff call', async () => {
    const mod = await moderator();
    await t.db
      .updateTable('sessions')
      .set({ created_at: sql<Date>`now() - interval '40 minutes'` })
      .where('member_id', '=', mod.id)
      .execute();
    expect((await get(mod.client, '/api/admin/audit.php')).statusCode).toBe(401);
  });
});

describe('POST /api/admin/members.php', () => {
  it('bans: the open tab hears it first, every session ends, login says why', async () => {
    const mod = await moderator();
    const target = await logInNewMember(t, { name: 'Scammer' });
    const friend = await logInNewMember(t);
    await createConversation(t.db, friend.id, target.id, { messages: [[target.id, 'Hi']] });
    const tab = await openLive(base, target.client.sessionCookie);
    const second = new Client(t.app);
    await post(second, '/api/login.php', { email: target.email, password: target.password });

    const res = await memberAction(mod, target.id, 'ban', 'Asked three members for money');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    await until(() => tab.received.some((e) => e.type === 'banned'), 'the banned event');
    expect(await tab.closed).toBe(4401);
    expect((await get(target.client, '/api/user.php')).statusCode).toBe(403);
    expect((await get(second, '/api/user.php')).statusCode).toBe(403);

    const refused = await login(target.email, target.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'banned',
      reason: 'Asked three members for money',
    });
    // Others see a removed member; profile and search leave them out.
    const chats = (await get(friend.client, '/api/chats.php')).json().chats as {
      profile: { id: number; deleted: boolean };
    }[];
    expect(chats.find((c) => c.profile.id === target.id)?.profile.deleted ?? true).toBe(true);
    expect((await get(friend.client, `/api/profile.php?id=${target.id}`)).statusCode).toBe(404);
    const [entry] = await auditActions(mod);
    expect(entry).toMatchObject({
      action: 'ban',
      staff: { id: mod.id },
      subject: { id: target.id, name: 'Scammer' },
      reason: 'Asked three members for money',
    });

    expect((await memberAction(mod, target.id, 'unban', 'Appeal accepted')).statusCode).toBe(200);
    expect((await login(target.email, target.password)).statusCode).toBe(200);
    expect((await get(friend.client, `/api/profile.php?id=${target.id}`)).statusCode).toBe(200);
  });

  it('warns with a notification and a mail carrying the staff text as written', async () => {
    const mod = await moderator();
    const target = await logInNewMember(t, { language: 'de' });
    const text = 'Please <b>no</b> phone numbers in your profile text.';
    expect((await memberAction(mod, target.id, 'warn', text)).statusCode).toBe(200);
    const notes = (await get(target.client, '/api/notifications.php')).json().notifications;
    expect(notes[0]).toMatchObject({ kind: 'account', notice: 'staff_warning', detail: text });
    const mail = await t.db
      .selectFrom('outbox')
      .select('payload')
      .where('member_id', '=', target.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.payload).toMatchObject({ template: 'staff_warning', locale: 'de', data: { text } });
  });

  it('refuses bad input, unknown members, and the caller themselves', async () => {
    const mod = await moderator();
    const member = await createMember(t.db);
    const empty = await memberAction(mod, member.id, 'warn', '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('invalid_input');
    expect((await memberAction(mod, member.id, 'delete')).statusCode).toBe(400);
    const unknown = await memberAction(mod, 999_999_999, 'ban');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('member_not_found');
    expect((await memberAction(mod, mod.id, 'ban')).json().error.code).toBe('forbidden');
    const other = await moderator();
    expect((await memberAction(mod, other.id, 'ban')).statusCode).toBe(403);
    const boss = await admin();
    expect((await memberAction(boss, other.id, 'warn', 'Mind the tone')).statusCode).toBe(200);
  });
});

describe('the report queue', () => {
  async function reportOf(reporter: Member, subject: number, reason: string) {
    const res = await post(reporter.client, '/api/report.php', { profile: subject, reason });
    expect(res.statusCode).toBe(200);
    return res.json().id as number;
  }
  const openReports = async (by: Member) =>
    (
      (await get(by.client, '/api/admin/reports.php?status=open')).json().reports as {
        id: number;
        reason: string;
        evidence: { kind: string };
      }[]
    ).map((r) => r.id);

  it('lists underage first, lets one moderator claim a report, and closes it with a note', async () => {
    const [a, b] = [await moderator(), await moderator()];
    const reporter = await logInNewMember(t);
    const subject = await createMember(t.db, { name: 'Subject' });
    const young = await createMember(t.db);
    const fake = await reportOf(reporter, subject.id, 'fake');
    const underage = await reportOf(reporter, young.id, 'underage');
    const listed = await openReports(a);
    expect(listed.indexOf(underage)).toBeLessThan(listed.indexOf(fake));

    expect(
      (await post(a.client, '/api/admin/reports.php', { report: fake, action: 'claim' }))
        .statusCode,
    ).toBe(200);
    expect(await openReports(b)).not.toContain(fake);
    expect(await openReports(a)).toContain(fake);
    const taken = await post(b.client, '/api/admin/reports.php', {
      report: fake,
      action: 'dismiss',
      note: 'Looks fine',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('report_claimed');

    const noNote = await post(a.client, '/api/admin/reports.php', { report: fake, action: 'warn' });
    expect(noNote.statusCode).toBe(400);
    const warned = await post(a.client, '/api/admin/reports.php', {
      report: fake,
      action: 'warn',
      note: 'Use your own photos only.',
    });
    expect(warned.statusCode).toBe(200);
    expect(await openReports(a)).not.toContain(fake);
    const closed = (await get(a.client, '/api/admin/reports.php?status=closed')).json().reports;
    expect(closed).toContainEqual(
      expect.objectContaining({
        id: fake,
        status: 'closed',
        subject: { id: subject.id, name: 'Subject' },
      }),
    );
    const again = await post(a.client, '/api/admin/reports.php', {
      report: fake,
      action: 'dismiss',
      note: 'x',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('report_not_found');
    const actions = (await auditActions(a)).slice(0, 2).map((e) => e.action);
    expect(actions).toEqual(['report.warn', 'warn']);
  });

  it('orders each category by the reporter’s standing when filing, then the oldest, and pages in that order', async () => {
    const mod = await moderator();
    /** A reporter who confirmed their address `days` ago, with `upheld` reports staff acted on. */
    const reporterOf = async (days: number, upheld = 0) => {
      const reporter = await logInNewMember(t);
      await t.db
        .updateTable('members')
        .set({ activated_at: sql<Date>`now() - make_interval(days => ${days})` })
        .where('id', '=', reporter.id)
        .execute();
      for (let i = 0; i < upheld; i++) {
        const other = await createMember(t.db);
        await t.db
          .insertInto('reports')
          .values({
            reporter_id: reporter.id,
            subject_id: other.id,
            reason: 'spam',
            status: 'closed',
            resolution: 'warn',
            closed_at: sql<Date>`now()`,
          })
          .execute();
      }
      return reporter;
    };
    const fresh = await reporterOf(0);
    const month = await reporterOf(45); // 30: the days count up to 30
    const trusted = await reporterOf(5, 3); // 5 + 3 × 10 = 35
    const subject = await createMember(t.db);
    // Filed oldest first; the queue puts standing before age within a category.
    const freshUnderage = await reportOf(fresh, subject.id, 'underage');
    const monthFake = await reportOf(month, subject.id, 'fake');
    const monthUnderage = await reportOf(month, subject.id, 'underage');
    const trustedUnderage = await reportOf(trusted, subject.id, 'underage');
    const freshFake = await reportOf(fresh, subject.id, 'fake');
    const stored = await t.db
      .selectFrom('reports')
      .select(['id', 'reporter_standing'])
      .where('subject_id', '=', subject.id)
      .orderBy('id')
      .execute();
    expect(stored.map((r) => r.reporter_standing)).toEqual([0, 30, 30, 35, 0]);

    const ours = new Set([freshUnderage, monthFake, monthUnderage, trustedUnderage, freshFake]);
    const queue = (await openReports(mod)).filter((id) => ours.has(id));
    expect(queue).toEqual([trustedUnderage, monthUnderage, freshUnderage, monthFake, freshFake]);
    // Each page starts right after the report that ended the last one.
    for (const [i, id] of queue.entries()) {
      const next = (
        (await get(mod.client, `/api/admin/reports.php?status=open&after=${id}`)).json()
          .reports as { id: number }[]
      )
        .map((r) => r.id)
        .filter((other) => ours.has(other));
      expect(next).toEqual(queue.slice(i + 1));
    }
  });

  it('shows a reported photo’s kept copy to staff only, and removes the photo', async () => {
    const mod = await moderator();
    const reporter = await logInNewMember(t);
    const owner = await logInNewMember(t);
    const image = await sharp({
      create: { width: 240, height: 300, channels: 3, background: { r: 200, g: 90, b: 120 } },
    })
      .jpeg()
      .toBuffer();
    const upload = await owner.client.call({
      method: 'POST',
      url: '/api/profileimage.php',
      ...multipart([{ filename: 'me.jpg', contentType: 'image/jpeg', data: image }]),
    });
    const imageId = upload.json().images[0].id as number;
    const res = await post(reporter.client, '/api/report.php', {
      profile: owner.id,
      reason: 'inappropriate_photo',
      image: imageId,
    });
    const reportId = res.json().id as number;
    const report = (
      (await get(mod.client, '/api/admin/reports.php')).json().reports as {
        id: number;
        evidence: { kind: string; url: string };
      }[]
    ).find((r) => r.id === reportId);
    expect(report?.evidence.kind).toBe('photo');
    const copy = await get(mod.client, report!.evidence.url);
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
    expect(copy.headers['cache-control']).toBe('private, no-store');
    expect((await get(reporter.client, report!.evidence.url)).statusCode).toBe(403);

    const removed = await post(mod.client, '/api/admin/reports.php', {
      report: reportId,
      action: 'remove_photo',
      note: 'Nudity in a profile photo',
    });
    expect(removed.statusCode).toBe(200);
    const own = (await get(owner.client, '/api/user.php')).json().user.profile.images;
    expect(own).toEqual([]);
    const notes = (await get(owner.client, '/api/notifications.php')).json().notifications;
    expect(notes[0]).toMatchObject({ notice: 'photo_rejected', detail: 'nudity' });
  });

  it('lists reports about staff to admins only, and lets nobody close one about themselves', async () => {
    const [mod, otherMod, boss, deputy] = [
      await moderator(),
      await moderator(),
      await admin(),
      await otherAdmin(),
    ];
    const reporter = await logInNewMember(t);
    const aboutMod = await reportOf(reporter, mod.id, 'fake');
    const aboutBoss = await reportOf(reporter, boss.id, 'spam');
    for (const by of [mod, otherMod]) {
      const listed = await openReports(by);
      expect(listed).not.toContain(aboutMod);
      expect(listed).not.toContain(aboutBoss);
    }
    expect(await openReports(boss)).toContain(aboutMod);
    expect(await openReports(boss)).not.toContain(aboutBoss);
    expect(await openReports(deputy)).toEqual(expect.arrayContaining([aboutMod, aboutBoss]));

    const act = (by: Member, report: number, action: string) =>
      post(by.client, '/api/admin/reports.php', { report, action, note: 'Nothing in it' });
    for (const [by, report, action] of [
      [mod, aboutMod, 'dismiss'],
      [mod, aboutMod, 'claim'],
      [otherMod, aboutMod, 'dismiss'],
      [mod, aboutBoss, 'dismiss'],
      [boss, aboutBoss, 'dismiss'],
    ] as const) {
      const refused = await act(by, report, action);
      expect(refused.statusCode, `${action} ${report}`).toBe(403);
      expect(refused.json().error.code).toBe('forbidden');
    }
    expect((await act(boss, aboutMod, 'dismiss')).statusCode).toBe(200);
    expect((await act(deputy, aboutBoss, 'dismiss')).statusCode).toBe(200);
  });
});

async function uploadPhoto(owner: Member, shade: number): Promise<number> {
  const data = await sharp({
    create: { width: 240, height: 300, channels: 3, background: { r: 9, g: shade, b: 9 } },
  })
    .jpeg()
    .toBuffer();
  const upload = await owner.client.call({
    method: 'POST',
    url: '/api/profileimage.php',
    ...multipart([{ filename: 'me.jpg', contentType: 'image/jpeg', data }]),
  });
  expect(upload.statusCode).toBe(200);
  return (upload.json().images as { id: number }[]).at(-1)!.id;
}

/** Every photo in the caller's queue, page after page. */
async function photoQueue(by: Member): Promise<number[]> {
  const ids: number[] = [];
  let after: number | undefined;
  for (;;) {
    const page = (
      await get(by.client, `/api/admin/photos.php${after ? `?after=${after}` : ''}`)
    ).json().photos as { id: number }[];
    ids.push(...page.map((p) => p.id));
    if (page.length === 0) return ids;
    after = page.at(-1)!.id;
  }
}

describe('the photo queue', () => {
  it('lists new photos; approve takes one out, reject removes it and tells the owner', async () => {
    const mod = await moderator();
    const owner = await logInNewMember(t);
    const files = await Promise.all(
      [60, 160].map((shade) =>
        sharp({
          create: { width: 240, height: 300, channels: 3, background: { r: shade, g: 9, b: 9 } },
        })
          .jpeg()
          .toBuffer(),
      ),
    );
    const upload = await owner.client.call({
      method: 'POST',
      url: '/api/profileimage.php',
      ...multipart(
        files.map((data, i) => ({ filename: `${i}.jpg`, contentType: 'image/jpeg', data })),
      ),
    });
    const [keep, drop] = (upload.json().images as { id: number }[]).map((i) => i.id);
    const queued = async () => {
      const ids: number[] = [];
      let after: number | undefined;
      for (;;) {
        const page = (
          await get(mod.client, `/api/admin/photos.php${after ? `?after=${after}` : ''}`)
        ).json().photos as { id: number; member: { id: number } }[];
        ids.push(...page.map((p) => p.id));
        if (page.length === 0) return ids;
        after = page.at(-1)!.id;
      }
    };
    expect(await queued()).toEqual(expect.arrayContaining([keep, drop]));
    const noReason = await post(mod.client, '/api/admin/photos.php', {
      photo: drop,
      action: 'reject',
    });
    expect(noReason.statusCode).toBe(400);
    expect(
      (await post(mod.client, '/api/admin/photos.php', { photo: keep, action: 'approve' }))
        .statusCode,
    ).toBe(200);
    const rejected = await post(mod.client, '/api/admin/photos.php', {
      photo: drop,
      action: 'reject',
      reason: 'contact_details',
    });
    expect(rejected.statusCode).toBe(200);
    const left = await queued();
    expect(left).not.toContain(keep);
    expect(left).not.toContain(drop);
    const own = (await get(owner.client, '/api/user.php')).json().user.profile.images as {
      id: number;
    }[];
    expect(own.map((i) => i.id)).toEqual([keep]);
    const notes = (await get(owner.client, '/api/notifications.php')).json().notifications;
    expect(notes[0]).toMatchObject({ notice: 'photo_rejected', detail: 'contact_details' });
    const gone = await post(mod.client, '/api/admin/photos.php', {
      photo: drop,
      action: 'approve',
    });
    expect(gone.statusCode).toBe(404);
  });

  it('applies the staff rule: no one reviews their own photos, only an admin another staff member’s', async () => {
    const [mod, otherMod, boss, deputy] = [
      await moderator(),
      await moderator(),
      await admin(),
      await otherAdmin(),
    ];
    const [own, others, boss1] = [
      await uploadPhoto(mod, 70),
      await uploadPhoto(otherMod, 80),
      await uploadPhoto(boss, 90),
    ];
    const modQueue = await photoQueue(mod);
    for (const photo of [own, others, boss1]) expect(modQueue).not.toContain(photo);
    const bossQueue = await photoQueue(boss);
    expect(bossQueue).toEqual(expect.arrayContaining([own, others]));
    expect(bossQueue).not.toContain(boss1);
    expect(await photoQueue(deputy)).toEqual(expect.arrayContaining([own, others, boss1]));

    for (const [photo, action] of [
      [boss1, 'reject'],
      [own, 'approve'],
      [others, 'reject'],
    ] as const) {
      const refused = await post(mod.client, '/api/admin/photos.php', {
        photo,
        action,
        reason: 'offensive',
      });
      expect(refused.statusCode, `${action} ${photo}`).toBe(403);
      expect(refused.json().error.code).toBe('forbidden');
    }
    const kept = (await get(boss.client, '/api/user.php')).json().user.profile.images as {
      id: number;
    }[];
    expect(kept.map((i) => i.id)).toContain(boss1);
    const approveOwn = await post(boss.client, '/api/admin/photos.php', {
      photo: boss1,
      action: 'approve',
    });
    expect(approveOwn.statusCode).toBe(403);

    // A report of the admin's photo: not listed to a moderator, its copy and removal refused.
    const reporter = await logInNewMember(t);
    const filed = await post(reporter.client, '/api/report.php', {
      profile: boss.id,
      reason: 'inappropriate_photo',
      image: boss1,
    });
    const report = filed.json().id as number;
    const listed = (await get(mod.client, '/api/admin/reports.php')).json().reports as {
      id: number;
    }[];
    expect(listed.map((r) => r.id)).not.toContain(report);
    // Its kept copy is a private picture: the one rule answers it to nobody out of reach.
    const copy = await get(mod.client, `/api/admin/report-evidence.php?id=${report}`);
    expect(copy.statusCode).toBe(404);
    expect(copy.json().error.code).toBe('image_not_found');
    const removal = await post(mod.client, '/api/admin/reports.php', {
      report,
      action: 'remove_photo',
      note: 'Nudity',
    });
    expect(removal.statusCode).toBe(403);
    expect((await get(boss.client, '/api/user.php')).json().user.profile.images).toHaveLength(1);

    const rejected = await post(boss.client, '/api/admin/photos.php', {
      photo: others,
      action: 'reject',
      reason: 'offensive',
    });
    expect(rejected.statusCode).toBe(200);
    const byDeputy = await post(deputy.client, '/api/admin/photos.php', {
      photo: boss1,
      action: 'approve',
    });
    expect(byDeputy.statusCode).toBe(200);
  });
});

describe('held messages', () => {
  it('releases a held message to its recipient, or bans its sender', async () => {
    const mod = await moderator();
    const sender = await logInNewMember(t);
    const recipient = await logInNewMember(t);
    await changeCredits(t.db, { memberId: sender.id, amount: 20, reason: 'opening' });
    const conversation = await createConversation(t.db, sender.id, recipient.id);
    const held = await t.db
      .insertInto('messages')
      .values({
        conversation_id: conversation,
        sender_id: sender.id,
        text: 'Send me a gift card',
        status: 'held',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const history = async () =>
      (await get(recipient.client, `/api/messages.php?conversation=${conversation}`)).json()
        .messages as { id: number }[];
    expect((await history()).map((m) => m.id)).not.toContain(held.id);
    const queue = (await get(mod.client, '/api/admin/held.php')).json().messages;
    expect(queue).toContainEqual(
      expect.objectContaining({
        id: held.id,
        sender: expect.objectContaining({ id: sender.id }),
        recipient: expect.objectContaining({ id: recipient.id }),
        text: 'Send me a gift card',
        blocked: false,
      }),
    );
    const released = await post(mod.client, '/api/admin/held.php', {
      message: held.id,
      action: 'release',
    });
    expect(released.statusCode).toBe(200);
    expect((await history()).map((m) => m.id)).toContain(held.id);
    const notes = (await get(recipient.client, '/api/notifications.php')).json().notifications;
    expect(notes[0]).toMatchObject({ kind: 'message', conversation });
    const twice = await post(mod.client, '/api/admin/held.php', {
      message: held.id,
      action: 'release',
    });
    expect(twice.statusCode).toBe(404);

    const second = await t.db
      .insertInto('messages')
      .values({
        conversation_id: conversation,
        sender_id: sender.id,
        text: 'Again',
        status: 'held',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const noReason = await post(mod.client, '/api/admin/held.php', {
      message: second.id,
      action: 'ban',
    });
    expect(noReason.statusCode).toBe(400);
    const banned = await post(mod.client, '/api/admin/held.php', {
      message: second.id,
      action: 'ban',
      reason: 'Gift card scam',
    });
    expect(banned.statusCode).toBe(200);
    expect((await login(sender.email, sender.password)).json().error.code).toBe('banned');
    expect((await history()).map((m) => m.id)).not.toContain(second.id);
  });

  it('stores a message released after a block as sent and tells nobody; the queue shows the block', async () => {
    const mod = await moderator();
    const sender = await logInNewMember(t);
    const recipient = await logInNewMember(t);
    const conversation = await createConversation(t.db, sender.id, recipient.id);
    const held = await t.db
      .insertInto('messages')
      .values({
        conversation_id: conversation,
        sender_id: sender.id,
        text: 'Are you there?',
        status: 'held',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const block = { profile: sender.id };
    expect((await post(recipient.client, '/api/block.php', block)).statusCode).toBe(200);
    const queue = (await get(mod.client, '/api/admin/held.php')).json().messages as {
      id: number;
      blocked: boolean;
    }[];
    expect(queue.find((m) => m.id === held.id)).toMatchObject({ blocked: true });

    const tabs = [
      await openLive(base, recipient.client.sessionCookie),
      await openLive(base, sender.client.sessionCookie),
    ];
    const released = await post(mod.client, '/api/admin/held.php', {
      message: held.id,
      action: 'release',
    });
    expect(released.statusCode).toBe(200);
    // A hint sent after the release arrives after anything the release sent.
    await notifyMembers(t.db, [recipient.id, sender.id], { type: 'likes' });
    for (const tab of tabs) {
      await until(() => tab.received.some((e) => e.type === 'likes'), 'the later hint');
      expect(tab.received.map((e) => e.type)).toEqual(['likes']);
      tab.socket.close();
    }
    expect((await get(mod.client, '/api/admin/held.php')).json().messages).not.toContainEqual(
      expect.objectContaining({ id: held.id }),
    );
    // Unblocking brings back what the block hid: the message, as sent, and no news of it.
    await recipient.client.call({ method: 'DELETE', url: '/api/block.php', payload: block });
    const history = (
      await get(recipient.client, `/api/messages.php?conversation=${conversation}`)
    ).json().messages as { id: number; held?: boolean }[];
    const stored = history.find((m) => m.id === held.id);
    expect(stored).toBeDefined();
    expect(stored?.held).toBeUndefined();
    const notes = (await get(recipient.client, '/api/notifications.php')).json().notifications;
    expect(notes).not.toContainEqual(expect.objectContaining({ kind: 'message' }));
  });
});

describe('the audit log', () => {
  it('pages newest first and cannot be changed or removed in the database', async () => {
    const mod = await moderator();
    const member = await createMember(t.db);
    for (const text of ['one', 'two', 'three']) await memberAction(mod, member.id, 'warn', text);
    const first = (await get(mod.client, '/api/admin/audit.php')).json().entries as {
      id: number;
      reason: string;
    }[];
    expect(first.slice(0, 3).map((e) => e.reason)).toEqual(['three', 'two', 'one']);
    const after = (await get(mod.client, `/api/admin/audit.php?before=${first[0]!.id}`)).json()
      .entries as { id: number }[];
    expect(after[0]!.id).toBe(first[1]!.id);

    await expect(
      sql`update audit_log set reason = 'nothing happened' where id = ${first[0]!.id}`.execute(
        t.db,
      ),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from audit_log where id = ${first[0]!.id}`.execute(t.db),
    ).rejects.toThrow(/append-only/);
  });

  it('lists every staff call under the OpenAPI tag staff', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const staffPaths = Object.keys(spec.paths).filter((path) => path.startsWith('/api/admin/'));
    expect(staffPaths.length).toBeGreaterThanOrEqual(9);
    for (const path of staffPaths) {
      for (const operation of Object.values(spec.paths[path]!)) {
        expect(operation.tags, path).toEqual(['staff']);
      }
    }
  });
});
