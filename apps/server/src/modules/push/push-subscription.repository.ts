import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Attaches a browser's subscription to a member. The endpoint identifies the browser, so an
 * endpoint known under another member (someone else logged in on that browser before) moves
 * to this one, with the browser's current keys.
 */
export async function upsertPushSubscription(
  db: Kysely<Database>,
  memberId: number,
  subscription: PushSubscriptionInput,
): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({ member_id: memberId, ...subscription })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        member_id: (eb) => eb.ref('excluded.member_id'),
        p256dh: (eb) => eb.ref('excluded.p256dh'),
        auth: (eb) => eb.ref('excluded.auth'),
        // A subscription that changed hands starts afresh.
        created_at: sql<Date>`case when push_subscriptions.member_id = excluded.member_id
          then push_subscriptions.created_at else now() end`,
        last_success_at: sql<Date | null>`case when push_subscriptions.member_id = excluded.member_id
          then push_subscriptions.last_success_at else null end`,
      }),
    )
    .execute();
}

/** A member's subscriptions, for sending a push to every browser they use. */
export async function listPushSubscriptions(db: Kysely<Database>, memberId: number) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth', 'last_success_at'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

/** Whether the member has at least one subscription (push shortens the polling interval). */
export async function hasPushSubscription(db: Kysely<Database>, memberId: number) {
  const row = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('member_id', '=', memberId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Drops a subscription the push service reported gone (404/410). */
export async function deletePushSubscription(db: Kysely<Database>, endpoint: string) {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

/** Notes a delivered push. */
export async function markPushSuccess(db: Kysely<Database>, id: number) {
  await db
    .updateTable('push_subscriptions')
    .set({ last_success_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
