import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { discardObjects } from '../media/media-delete.js';
import type { ObjectStore } from '../media/object-store.js';

/**
 * Replacing all photos sends a verified member back to a person (issue 48, decision 063): once
 * none of the photos they had when they were last approved remains, a pending verification
 * waits in the queue with the new photos, the pose of the approved one and a copy of its
 * selfie while that is still kept (30 days after the decision; afterwards the moderator sees
 * the photos alone and may ask for a new selfie). The badge stays until someone decides.
 * Called after every change of the member's photos; answers whether a check was queued.
 */
export async function recheckAfterPhotoChange(
  db: Kysely<Database>,
  store: ObjectStore,
  memberId: number,
): Promise<boolean> {
  const state = await db
    .selectFrom('members')
    .select((eb) => [
      'members.verified_at',
      eb
        .selectFrom('images')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('images.member_id', '=', 'members.id')
        .as('photos'),
      eb
        .selectFrom('images')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('images.member_id', '=', 'members.id')
        .whereRef('images.created_at', '<=', 'members.verified_at')
        .as('kept_photos'),
      eb
        .selectFrom('verifications')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('verifications.member_id', '=', 'members.id')
        .where('verifications.status', '=', 'pending')
        .as('pending'),
    ])
    .where('members.id', '=', memberId)
    .executeTakeFirst();
  if (!state?.verified_at || !state.photos || state.kept_photos || state.pending) return false;

  const approved = await db
    .selectFrom('verifications')
    .select(['pose', 'selfie'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'verified')
    .orderBy('decided_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!approved) return false;
  // A copy of its own: the approved row's selfie goes 30 days after that decision.
  const copy = approved.selfie ? `selfie-${randomUUID()}.webp` : null;
  if (copy && approved.selfie) {
    await store.put(copy, await store.get(approved.selfie), 'image/webp');
  }
  const inserted = await db
    .insertInto('verifications')
    .values({ member_id: memberId, pose: approved.pose, selfie: copy, status: 'pending' })
    // One pending check per member (a unique index): a race queues it once.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst()
    .catch(async (err: unknown) => {
      if (copy) await discardObjects(db, store, [copy], undefined, 'private');
      throw err;
    });
  const queued = inserted !== undefined;
  if (!queued && copy) await discardObjects(db, store, [copy], undefined, 'private');
  return queued;
}
