import { randomUUID } from 'node:crypto';
import {
  REPORT_EVIDENCE_MESSAGES,
  REPORTS_PER_DAY,
  type ReportBody,
} from '@amora/shared/schemas/safety';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, limitedUntil, notFound } from '../../lib/errors.js';
import { findConversationBetween } from '../chats/conversation.repository.js';
import { readOriginal } from '../images/photo-objects.js';
import { discardObjects } from '../media/media-delete.js';
import type { MediaStores } from '../media/object-store.js';
import { assertMayReachOut } from '../members/reach-out.js';
import {
  findOpenReport,
  insertReport,
  newestMessages,
  reporterStanding,
  reportTimesOfLastDay,
} from './reports.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `POST /api/report.php` (issue 17, docs/decisions/033): stores the report with evidence the
 * reported member cannot change afterwards, a copy of the photo or the conversation's newest
 * messages, in one transaction. Any member row that exists may be reported, also one who
 * left or was banned since: what they did stays reportable. The reported member is never
 * told. A repeat of an open report (same member, same reason) answers that report's id.
 * Only a member who confirmed their address may report (403 `not_activated`), and each
 * report keeps the reporter's standing at filing, which orders the moderation queue.
 */
export async function reportMember(
  db: Kysely<Database>,
  media: Pick<MediaStores, 'uploads' | 'private'>,
  reporterId: number,
  body: ReportBody,
): Promise<{ id: number }> {
  // Throwaway accounts that never confirmed an address do not reach the queue (issue 39).
  await assertMayReachOut(db, reporterId);
  if (body.profile === reporterId) {
    throw badRequest('cannot_report_self', 'You cannot report yourself');
  }
  const subject = await db
    .selectFrom('members')
    .select('id')
    .where('id', '=', body.profile)
    .executeTakeFirst();
  if (!subject) throw notFound('member_not_found', 'This member does not exist');

  const open = await findOpenReport(db, reporterId, body.profile, body.reason);
  if (open !== undefined) return { id: open };

  let evidence: { name: string; bytes: Buffer } | null = null;
  if (body.image !== undefined) {
    const image = await db
      .selectFrom('images')
      .select(['filename', 'original_private'])
      .where('id', '=', body.image)
      .where('member_id', '=', body.profile)
      .executeTakeFirst();
    if (!image) {
      throw badRequest('report_image_mismatch', 'This photo is not one of the reported member’s');
    }
    // Read before the transaction: a failure stores nothing.
    evidence = {
      name: `evidence-${randomUUID()}.webp`,
      bytes: await readOriginal(media, image, image.filename),
    };
  }
  if (body.conversation !== undefined) {
    const between = await findConversationBetween(db, reporterId, body.profile);
    if (between !== body.conversation) {
      throw badRequest(
        'report_conversation_mismatch',
        'This conversation is not the one between you and the reported member',
      );
    }
  }

  // The copy is a private object of its own (decision 059), written before the row that names
  // it; whatever stops the report afterwards removes it again.
  if (evidence) await media.private.put(evidence.name, evidence.bytes, 'image/webp');
  const kept = evidence ? [evidence.name] : [];
  const report = await db
    .transaction()
    .execute(async (trx) => {
      // The reporter's row serialises their reports, so the daily limit holds under races.
      await trx
        .selectFrom('members')
        .select('id')
        .where('id', '=', reporterId)
        .forUpdate()
        .execute();
      const today = await reportTimesOfLastDay(trx, reporterId);
      if (today.length >= REPORTS_PER_DAY) {
        const retryAt = new Date(today[today.length - REPORTS_PER_DAY]!.getTime() + DAY_MS);
        throw limitedUntil(
          'report_limit',
          `You can send ${REPORTS_PER_DAY} reports a day: the next one from ${retryAt.toISOString()}`,
          retryAt,
        );
      }
      const evidenceMessages =
        body.conversation === undefined
          ? null
          : await newestMessages(trx, body.conversation, REPORT_EVIDENCE_MESSAGES);
      const { id, created } = await insertReport(trx, {
        reporterId,
        subjectId: body.profile,
        reason: body.reason,
        text: body.text ? body.text : null,
        conversationId: body.conversation ?? null,
        imageId: body.image ?? null,
        evidenceMessages,
        evidenceObject: evidence?.name ?? null,
        reporterStanding: await reporterStanding(trx, reporterId),
      });
      return { id, created };
    })
    .catch(async (err: unknown) => {
      await discardObjects(db, media.private, kept, undefined, 'private');
      throw err;
    });
  // A race with the same open report answered that one: this copy is nobody's.
  if (!report.created) await discardObjects(db, media.private, kept, undefined, 'private');
  return { id: report.id };
}
