import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPORT_EVIDENCE_MESSAGES, REPORTS_PER_DAY } from '@amora/shared/schemas/safety';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits } from '../../modules/credits/credit-ledger.repository.js';
import { moveReportEvidence } from '../../modules/safety/evidence-move.js';
import { pruneClosedReports } from '../../modules/safety/reports.repository.js';
import { createMember } from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof logInNewMember>>;

async function member() {
  const m = await logInNewMember(t);
  await changeCredits(t.db, { memberId: m.id, amount: 200, reason: 'opening' });
  return m;
}

const report = (by: Member | Client, payload: Record<string, unknown>) =>
  ('client' in by ? by.client : by).call({ method: 'POST', url: '/api/report.php', payload });

const reportRow = (id: number) =>
  t.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function uploadPhoto(m: Member) {
  const data = await sharp({
    create: { width: 240, height: 300, channels: 3, background: { r: 200, g: 90, b: 120 } },
  })
    .jpeg()
    .toBuffer();
  const res = await m.client.call({
    method: 'POST',
    url: '/api/profileimage.php',
    ...multipart([{ filename: 'me.jpg', contentType: 'image/jpeg', data }]),
  });
  expect(res.statusCode).toBe(200);
  const { id } = (res.json() as { images: { id: number }[] }).images[0]!;
  return t.db
    .selectFrom('images')
    .select(['id', 'filename'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function conversationOf(a: Member, b: Member) {
  return (await a.client.call({ method: 'GET', url: `/api/chat.php?profile=${b.id}` })).json()
    .id as number;
}
const send = (from: Member, conversation: number, text: string) =>
  from.client.call({ method: 'POST', url: '/api/messages.php', payload: { conversation, text } });

describe('POST /api/report.php', () => {
  it('answers 403 not_logged_in to a visitor', async () => {
    const subject = await createMember(t.db);
    const res = await report(new Client(t.app), { profile: subject.id, reason: 'fake' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_logged_in');
  });

  it('answers 403 not_activated to a member who has not confirmed their address, and stores nothing', async () => {
    const unconfirmed = await logInNewMember(t, { activated: false });
    const subject = await createMember(t.db);
    const res = await report(unconfirmed, { profile: subject.id, reason: 'underage' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_activated');
    const filed = await t.db
      .selectFrom('reports')
      .select('id')
      .where('reporter_id', '=', unconfirmed.id)
      .execute();
    expect(filed).toEqual([]);
  });

  it('refuses a bad reason, oneself, and an id that never was a member', async () => {
    const me = await member();
    const subject = await createMember(t.db);
    const bad = await report(me, { profile: subject.id, reason: 'ugly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalid_input' });
    expect(bad.json().error.fields.reason).toBeDefined();
    const self = await report(me, { profile: me.id, reason: 'fake' });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('cannot_report_self');
    const unknown = await report(me, { profile: 987_654_321, reason: 'fake' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('member_not_found');
    const stored = await t.db
      .selectFrom('reports')
      .select('id')
      .where('reporter_id', '=', me.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('keeps one open report per member and reason: asking again answers the same id', async () => {
    const me = await member();
    const subject = await createMember(t.db);
    const first = await report(me, { profile: subject.id, reason: 'fake', text: 'Stock photos' });
    expect(first.statusCode).toBe(200);
    const { id } = first.json();
    expect(first.json()).toEqual({ id: expect.any(Number) });
    const again = await report(me, { profile: subject.id, reason: 'fake' });
    expect(again.json()).toEqual({ id });
    const other = await report(me, { profile: subject.id, reason: 'scam' });
    expect(other.json().id).not.toBe(id);
    expect(await reportRow(id)).toMatchObject({
      reporter_id: me.id,
      subject_id: subject.id,
      reason: 'fake',
      text: 'Stock photos',
      status: 'open',
    });
  });

  it('keeps a copy of the reported photo that outlives the photo and the account', async () => {
    const me = await member();
    const subject = await member();
    const photo = await uploadPhoto(subject);
    const stranger = await member();
    const strangers = await uploadPhoto(stranger);

    const mismatch = await report(me, {
      profile: subject.id,
      reason: 'inappropriate_photo',
      image: strangers.id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.code).toBe('report_image_mismatch');

    const res = await report(me, {
      profile: subject.id,
      reason: 'inappropriate_photo',
      image: photo.id,
    });
    expect(res.statusCode).toBe(200);
    const stored = readFileSync(join(t.app.config.uploadsDir, photo.filename));

    // The subject removes the photo, then the account.
    expect(
      (
        await subject.client.call({
          method: 'DELETE',
          url: `/api/profileimage.php?image=${photo.id}`,
        })
      ).statusCode,
    ).toBe(200);
    const deleted = await subject.client.call({
      method: 'DELETE',
      url: '/api/user.php',
      payload: { password: subject.password },
    });
    expect(deleted.statusCode).toBe(200);

    const row = await reportRow(res.json().id);
    expect(row.image_id).toBeNull();
    expect(row.subject_id).toBe(subject.id);
    // A private object (decision 059), not bytes in the row, and not a public address.
    expect(row.evidence_image).toBeNull();
    expect(row.evidence_object).toMatch(/^evidence-[0-9a-f-]+\.webp$/);
    expect(Buffer.compare(await t.app.media.private.get(row.evidence_object!), stored)).toBe(0);
    const served = await me.client.call({ method: 'GET', url: `/uploads/${row.evidence_object}` });
    expect(served.statusCode).toBe(404);
    const asMember = await me.client.call({
      method: 'GET',
      url: `/api/private-media.php?purpose=report_evidence&id=${res.json().id}`,
    });
    expect(asMember.statusCode).toBe(404);
    // Nothing tells the reported member.
    const told = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('member_id', '=', subject.id)
      .execute();
    expect(told).toEqual([]);
  });

  it('keeps the conversation’s newest messages as they were, and only that conversation', async () => {
    const me = await member();
    const subject = await member();
    const conversation = await conversationOf(subject, me);
    for (let i = 1; i <= REPORT_EVIDENCE_MESSAGES + 2; i++) {
      expect((await send(i % 2 ? subject : me, conversation, `Message ${i}`)).statusCode).toBe(200);
    }
    const third = await member();
    const elsewhere = await conversationOf(third, me);
    const mismatch = await report(me, {
      profile: subject.id,
      reason: 'harassment',
      conversation: elsewhere,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.code).toBe('report_conversation_mismatch');

    const res = await report(me, { profile: subject.id, reason: 'harassment', conversation });
    expect(res.statusCode).toBe(200);
    await send(subject, conversation, 'You will regret this');

    const row = await reportRow(res.json().id);
    const evidence = row.evidence_messages!;
    expect(evidence).toHaveLength(REPORT_EVIDENCE_MESSAGES);
    expect(evidence[0]).toMatchObject({ text: 'Message 3', sender: subject.id });
    expect(evidence.at(-1)).toMatchObject({ text: `Message ${REPORT_EVIDENCE_MESSAGES + 2}` });
    expect(evidence.map((m) => m.text)).not.toContain('You will regret this');
    expect(row.conversation_id).toBe(conversation);
  });

  it(`refuses the ${REPORTS_PER_DAY + 1}th report within 24 hours, saying when`, async () => {
    const me = await member();
    const subjects = await Promise.all(
      Array.from({ length: REPORTS_PER_DAY + 1 }, () => createMember(t.db)),
    );
    for (const subject of subjects.slice(0, REPORTS_PER_DAY)) {
      expect((await report(me, { profile: subject.id, reason: 'spam' })).statusCode).toBe(200);
    }
    const oldest = await t.db
      .selectFrom('reports')
      .select('created_at')
      .where('reporter_id', '=', me.id)
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    const res = await report(me, { profile: subjects.at(-1)!.id, reason: 'spam' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('report_limit');
    expect(new Date(res.json().error.retry_at).getTime()).toBe(
      oldest.created_at.getTime() + 24 * 3_600_000,
    );
    // A repeat of an open report is no new report: it still answers.
    expect((await report(me, { profile: subjects[0]!.id, reason: 'spam' })).statusCode).toBe(200);
  });

  it('deletes reports closed more than 180 days ago with their evidence, never open ones', async () => {
    const me = await member();
    const [a, b, c] = await Promise.all([
      createMember(t.db),
      createMember(t.db),
      createMember(t.db),
    ]);
    const ids = [];
    for (const subject of [a, b, c]) {
      ids.push((await report(me, { profile: subject.id, reason: 'other' })).json().id as number);
    }
    const [old, recent, open] = ids as [number, number, number];
    await t.db
      .updateTable('reports')
      .set({ status: 'closed', closed_at: sql`now() - interval '181 days'` })
      .where('id', '=', old)
      .execute();
    await t.db
      .updateTable('reports')
      .set({ status: 'closed', closed_at: sql`now() - interval '179 days'` })
      .where('id', '=', recent)
      .execute();
    await t.db
      .updateTable('reports')
      .set({ created_at: sql`now() - interval '400 days'` })
      .where('id', '=', open)
      .execute();
    await pruneClosedReports(t.db, 180);
    const left = await t.db.selectFrom('reports').select('id').where('id', 'in', ids).execute();
    expect(left.map((r) => Number(r.id)).sort((x, y) => x - y)).toEqual([recent, open]);
  });

  it('removes a closed report’s photo copy with the report when its time is up', async () => {
    const me = await member();
    const subject = await member();
    const photo = await uploadPhoto(subject);
    const res = await report(me, { profile: subject.id, reason: 'fake', image: photo.id });
    const { evidence_object: name } = await reportRow(res.json().id);
    expect(await t.app.media.private.open(name!)).not.toBeNull();
    await t.db
      .updateTable('reports')
      .set({ status: 'closed', closed_at: sql`now() - interval '181 days'` })
      .where('id', '=', res.json().id)
      .execute();
    await pruneClosedReports(t.db, 180);
    const worker = t.startWorker({ pollIntervalMs: 60_000 });
    for (let i = 0; i < 50 && (await worker.runOnce()) > 0; i++);
    await worker.stop();
    expect(await t.app.media.private.open(name!)).toBeNull();
  });

  it('moves a photo copy that an earlier version kept in the row into the private store', async () => {
    const me = await member();
    const subject = await member();
    const bytes = await sharp({
      create: { width: 64, height: 80, channels: 3, background: { r: 10, g: 120, b: 90 } },
    })
      .webp()
      .toBuffer();
    const { id } = await t.db
      .insertInto('reports')
      .values({
        reporter_id: me.id,
        subject_id: subject.id,
        reason: 'fake',
        evidence_image: bytes,
        reporter_standing: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await moveReportEvidence(t.db, t.app.media.private, t.app.log)).toBeGreaterThan(0);
    const row = await reportRow(Number(id));
    expect(row.evidence_image).toBeNull();
    expect((await t.app.media.private.get(row.evidence_object!)).equals(bytes)).toBe(true);
    // A second start finds nothing left to move.
    expect(await moveReportEvidence(t.db, t.app.media.private, t.app.log)).toBe(0);
  });
});
