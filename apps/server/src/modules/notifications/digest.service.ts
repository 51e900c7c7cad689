import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { textLocale } from '../../lib/locale-text.js';
import { enqueueMail } from '../mail/mail-outbox.repository.js';
import { noBlockBetween } from '../members/blocks.repository.js';
import { readTokenKey } from '../site/secrets.js';
import { PRESENCE_STALE_SECONDS } from './presence.repository.js';

/** News waits this long for the app or a push before a digest may carry it. */
export const DIGEST_DELAY_MINUTES = 15;
/** At most one digest per member within this many hours. */
export const DIGEST_EVERY_HOURS = 24;
/** Members handled per run; the next run takes the rest. */
const BATCH = 50;

export const UNSUBSCRIBE_PATH = '/api/unsubscribe.php';

/** The signature of a member's unsubscribe link: it works without login, and only for them. */
async function unsubscribeSignature(db: Kysely<Database>, memberId: number): Promise<string> {
  const key = await readTokenKey(db);
  return createHmac('sha256', key).update(`digest-unsubscribe:${memberId}`).digest('base64url');
}

export async function unsubscribeLink(db: Kysely<Database>, memberId: number): Promise<string> {
  return `${UNSUBSCRIBE_PATH}?m=${memberId}&s=${await unsubscribeSignature(db, memberId)}`;
}

/** Stops digest mails for the member the signed link names; false for a wrong signature. */
export async function unsubscribeFromDigest(
  db: Kysely<Database>,
  memberId: number,
  signature: string,
): Promise<boolean> {
  const expected = Buffer.from(await unsubscribeSignature(db, memberId));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  await db
    .updateTable('members')
    .set({ digest_opt_out: true })
    .where('id', '=', memberId)
    .execute();
  return true;
}

/**
 * Queues the digest mail for members with unread news older than DIGEST_DELAY_MINUTES and
 * newer than their last digest, who have no push subscription and no open page, and have
 * not had a digest within DIGEST_EVERY_HOURS. Each member is claimed by one conditional
 * update of `digest_sent_at`, so instances running this at once never send two. Answers how
 * many were queued.
 */
export async function queueDigests(db: Kysely<Database>): Promise<number> {
  const candidates = await db
    .selectFrom('notifications as n')
    .innerJoin('members as m', 'm.id', 'n.member_id')
    .select('m.id')
    .distinct()
    .where('n.read_at', 'is', null)
    .where('n.kind', 'in', ['like', 'message'])
    // News from a member blocked either way is no news (issue 17).
    .where(noBlockBetween(sql.ref('n.member_id'), sql.ref('n.actor_id')))
    .where('n.created_at', '<', sql<Date>`now() - make_interval(mins => ${DIGEST_DELAY_MINUTES})`)
    .where((eb) =>
      eb.or([
        eb('m.digest_sent_at', 'is', null),
        eb('n.created_at', '>', eb.ref('m.digest_sent_at')),
      ]),
    )
    .where('m.status', '=', 'active')
    .where('m.activated_at', 'is not', null)
    .where('m.digest_opt_out', '=', false)
    .where((eb) =>
      eb.or([
        eb('m.digest_sent_at', 'is', null),
        eb(
          'm.digest_sent_at',
          '<',
          sql<Date>`now() - make_interval(hours => ${DIGEST_EVERY_HOURS})`,
        ),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('push_subscriptions as p').select('p.id').whereRef('p.member_id', '=', 'm.id'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('page_presence as pp')
            .select('pp.id')
            .whereRef('pp.member_id', '=', 'm.id')
            .where(
              'pp.updated_at',
              '>',
              sql<Date>`now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})`,
            ),
        ),
      ),
    )
    .limit(BATCH)
    .execute();

  let queued = 0;
  for (const { id } of candidates) {
    const link = await unsubscribeLink(db, id);
    const sent = await db.transaction().execute(async (trx) => {
      const member = await trx
        .updateTable('members')
        .set({ digest_sent_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('digest_sent_at', 'is', null),
            eb(
              'digest_sent_at',
              '<',
              sql<Date>`now() - make_interval(hours => ${DIGEST_EVERY_HOURS})`,
            ),
          ]),
        )
        .returning(['email'])
        .executeTakeFirst();
      if (!member?.email) return false;
      const counts = await trx
        .selectFrom('notifications')
        .select([
          sql<number>`count(*) filter (where kind = 'like')::int`.as('likes'),
          sql<number>`coalesce(sum(count) filter (where kind = 'message'), 0)::int`.as('messages'),
        ])
        .where('member_id', '=', id)
        .where('read_at', 'is', null)
        .where(noBlockBetween(id, sql.ref('notifications.actor_id')))
        .executeTakeFirstOrThrow();
      const profile = await trx
        .selectFrom('profiles')
        .select(['name', 'language'])
        .where('member_id', '=', id)
        .executeTakeFirstOrThrow();
      await enqueueMail(trx, {
        memberId: id,
        payload: {
          to: member.email,
          locale: textLocale(profile.language),
          template: 'digest',
          data: {
            name: profile.name,
            likes: counts.likes,
            messages: counts.messages,
            unsubscribePath: link,
          },
        },
      });
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
