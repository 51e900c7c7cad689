import { type Kysely, sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What a push job carries; the text is made in the member's language when it is sent. */
export const pushJobSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('like'), actor: z.number().int() }),
  z.object({
    kind: z.literal('message'),
    actor: z.number().int(),
    conversation: z.number().int(),
    /** The message's id: its push's Topic and tag, so a repeat replaces (jobs queued before
     * issue 45 have none and fall back to the chat). */
    message: z.number().int().optional(),
    preview: z.string(),
  }),
]);
export type PushJob = z.infer<typeof pushJobSchema>;

/**
 * Queues a push for a member who has a subscription, through the caller's transaction (it
 * exists only if that commits). Answers whether one was queued.
 */
export async function enqueuePush(db: Db, memberId: number, job: PushJob): Promise<boolean> {
  const queued = await db
    .insertInto('outbox')
    .columns(['kind', 'member_id', 'payload'])
    .expression(
      db
        .selectFrom('push_subscriptions')
        .select([
          sql<'push'>`'push'`.as('kind'),
          sql<number>`${memberId}::bigint`.as('member_id'),
          sql<string>`${JSON.stringify(job)}::jsonb`.as('payload'),
        ])
        .where('member_id', '=', memberId)
        .limit(1),
    )
    .returning('id')
    .execute();
  return queued.length > 0;
}
