import type { PublicProfile } from '@amora/shared/schemas/profile';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { notifyCircleChanged, notifyMembers } from '../live/live-notify.js';
import { blockedBy, deleteBlock, insertBlock } from '../members/blocks.repository.js';
import { findProfiles } from '../members/profile.repository.js';
import { toPublicProfile } from '../members/profile-view.js';
import { readStoredSettings } from '../site/site.repository.js';

/** What the blocker's open tabs refresh: whatever may have listed the other member. */
async function refreshBlockerTabs(db: Kysely<Database>, blockerId: number) {
  for (const type of ['chats', 'likes', 'notifications'] as const) {
    await notifyMembers(db, [blockerId], { type });
  }
}

/**
 * `POST /api/block.php`: from now on nothing passes between the two members, in either
 * direction (docs/decisions/033). Any member row that exists may be blocked, even one that
 * left or was banned, so a block made from an old conversation holds should they return.
 * The blocked member is never told: only the blocker's tabs hear of it.
 */
export async function blockMember(db: Kysely<Database>, blockerId: number, blockedId: number) {
  if (blockerId === blockedId) throw badRequest('cannot_block_self', 'You cannot block yourself');
  const exists = await db
    .selectFrom('members')
    .select('id')
    .where('id', '=', blockedId)
    .executeTakeFirst();
  if (!exists) throw notFound('member_not_found', 'This member does not exist');
  await db.transaction().execute(async (trx) => {
    if (await insertBlock(trx, blockerId, blockedId)) {
      await refreshBlockerTabs(trx, blockerId);
      // Both members' live channels check typing against who blocked whom (issue 49).
      await notifyCircleChanged(trx, [blockerId, blockedId]);
    }
  });
}

/** `DELETE /api/block.php`: lifts the block (idempotent); what was hidden comes back. */
export async function unblockMember(db: Kysely<Database>, blockerId: number, blockedId: number) {
  await db.transaction().execute(async (trx) => {
    if (await deleteBlock(trx, blockerId, blockedId)) {
      await refreshBlockerTabs(trx, blockerId);
      await notifyCircleChanged(trx, [blockerId, blockedId]);
    }
  });
}

/** `GET /api/blocks.php`: the members the caller blocked who are still here, newest first. */
export async function blockedProfiles(
  db: Kysely<Database>,
  blockerId: number,
): Promise<PublicProfile[]> {
  const [ids, settings] = await Promise.all([blockedBy(db, blockerId), readStoredSettings(db)]);
  const records = await findProfiles(db, ids, { visibleOnly: true });
  const today = new Date();
  return ids.flatMap((id) => {
    const record = records.get(id);
    return record ? [toPublicProfile(record, settings, today)] : [];
  });
}
