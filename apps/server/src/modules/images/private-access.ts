import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findProfiles } from '../members/profile.repository.js';

/** What a private object is kept for; each has its one rule of who may read it. */
export type PrivatePurpose = 'flagged_original';

/**
 * Who may have a link to a private object (decision 059): the name of the object in the
 * private store when `viewerId` may read the one `id` stands for, null otherwise (the
 * caller answers 404, so nobody learns whether it exists). Judged on every request, so a
 * block, a ban or an erasure stops new links at once. A later use (selfies, chat photos)
 * adds its purpose and its rule here.
 */
export async function privateObjectFor(
  db: Kysely<Database>,
  viewerId: number,
  purpose: PrivatePurpose,
  id: number,
): Promise<string | null> {
  switch (purpose) {
    case 'flagged_original':
      return flaggedOriginal(db, viewerId, id);
  }
}

/**
 * A flagged photo as uploaded (decision 034): its owner, or a member who chose to see such
 * photos (`show_flagged_photos`) and may see the owner (visible, not blocked either way).
 */
async function flaggedOriginal(
  db: Kysely<Database>,
  viewerId: number,
  imageId: number,
): Promise<string | null> {
  const image = await db
    .selectFrom('images')
    .select(['member_id', 'filename', 'screening'])
    .where('id', '=', imageId)
    .executeTakeFirst();
  if (image?.screening !== 'flagged') return null;
  if (image.member_id === viewerId) return image.filename;
  const record = (await findProfiles(db, [image.member_id], { visibleOnly: true, viewerId })).get(
    image.member_id,
  );
  if (!record?.viewerSeesFlagged) return null;
  return record.images.some((row) => row.id === imageId) ? image.filename : null;
}
