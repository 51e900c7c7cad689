import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Everything stored about the member, as the export's `data.json` holds it: their account
 * (no password hash), profile, photos' details, likes both ways, the messages they wrote,
 * orders and credits, notifications, sessions, blocks and reports they made, service
 * requests, their verification selfies' status and dates, and their consents and choices.
 */
export async function collectMemberData(db: Db, memberId: number) {
  const [account, profile, photos, likesGiven, likesReceived, messages, orders, ledger] =
    await Promise.all([
      db
        .selectFrom('members')
        .select([
          'id',
          'email',
          'status',
          'signup_date',
          'activated_at',
          'last_active_at',
          'paid_until',
          'credits',
          'credits_owed',
          'timezone',
          'last_signup_step',
          'tracking',
          'signup_ip',
          'digest_opt_out',
          'show_flagged_photos',
          'price_country',
          'verified_at',
          'verified_contact_only',
        ])
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow(),
      db.selectFrom('profiles').selectAll().where('member_id', '=', memberId).executeTakeFirst(),
      db
        .selectFrom('images')
        .select(['id', 'filename', 'position', 'created_at', 'screening'])
        .where('member_id', '=', memberId)
        .orderBy('position')
        .execute(),
      db
        .selectFrom('likes')
        .select(['liked_id as member', 'created_at'])
        .where('liker_id', '=', memberId)
        .execute(),
      db
        .selectFrom('likes')
        .select(['liker_id as member', 'created_at', 'seen_at'])
        .where('liked_id', '=', memberId)
        .execute(),
      db
        .selectFrom('messages')
        .select(['id', 'conversation_id', 'text', 'created_at', 'status', 'removed_at'])
        .where('sender_id', '=', memberId)
        .orderBy('id')
        .execute(),
      db.selectFrom('orders').selectAll().where('member_id', '=', memberId).execute(),
      db.selectFrom('credit_ledger').selectAll().where('member_id', '=', memberId).execute(),
    ]);
  const verifications = await db
    .selectFrom('verifications')
    .select(['id', 'status', 'pose', 'reason', 'created_at', 'decided_at', 'selfie'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
  const [notifications, sessions, blocks, reports, requests, pushes, searches] = await Promise.all([
    db.selectFrom('notifications').selectAll().where('member_id', '=', memberId).execute(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'last_seen_at', 'expires_at', 'user_agent', 'ip'])
      .where('member_id', '=', memberId)
      .execute(),
    db
      .selectFrom('blocks')
      .select(['blocked_id as member', 'created_at'])
      .where('blocker_id', '=', memberId)
      .execute(),
    db
      .selectFrom('reports')
      .select(['id', 'subject_id as member', 'reason', 'text', 'status', 'created_at'])
      .where('reporter_id', '=', memberId)
      .execute(),
    db
      .selectFrom('service_requests')
      .select(['kind', 'topic', 'name', 'email', 'message', 'created_at'])
      .where('member_id', '=', memberId)
      .execute(),
    db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'created_at', 'last_success_at'])
      .where('member_id', '=', memberId)
      .execute(),
    db.selectFrom('member_searches').selectAll().where('member_id', '=', memberId).execute(),
  ]);
  return {
    account,
    profile: profile ?? null,
    photos,
    likes: { given: likesGiven, received: likesReceived },
    messages_written: messages,
    orders,
    credit_ledger: ledger,
    notifications,
    sessions,
    blocks_made: blocks,
    reports_made: reports,
    // Each selfie sent, what a person decided and when; the file is in the zip while it is kept.
    verifications,
    service_requests: requests,
    remembered_search: searches[0]?.filters ?? null,
    consents: {
      push_notifications: pushes,
      digest_mail: !account.digest_opt_out,
      show_flagged_photos: account.show_flagged_photos,
      verified_contact_only: account.verified_contact_only,
      withdrawal_waived_for_orders: orders
        .filter((order) => order.waived_withdrawal)
        .map((order) => order.id),
    },
  };
}
