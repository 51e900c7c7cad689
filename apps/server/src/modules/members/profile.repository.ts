import type { Kysely } from 'kysely';
import type { Database, ImageRow, ProfileRow } from '../../db/schema.js';

export interface ProfileRecord {
  profile: ProfileRow;
  fictional: boolean;
  images: ImageRow[];
}

/**
 * Profiles of the given members with their images. With `visibleOnly`, members others
 * may not see (deleted, banned, not yet activated) are left out.
 */
export async function findProfiles(
  db: Kysely<Database>,
  memberIds: number[],
  options: { visibleOnly: boolean },
): Promise<Map<number, ProfileRecord>> {
  const found = new Map<number, ProfileRecord>();
  if (memberIds.length === 0) return found;
  let query = db
    .selectFrom('profiles')
    .innerJoin('members', 'members.id', 'profiles.member_id')
    .selectAll('profiles')
    .select('members.fictional')
    .where('profiles.member_id', 'in', memberIds);
  if (options.visibleOnly) {
    query = query
      .where('members.status', '=', 'active')
      .where('members.activated_at', 'is not', null);
  }
  const rows = await query.execute();
  if (rows.length === 0) return found;
  const images = await db
    .selectFrom('images')
    .selectAll()
    .where(
      'member_id',
      'in',
      rows.map((r) => r.member_id),
    )
    .orderBy('member_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const { fictional, ...profile } of rows) {
    found.set(profile.member_id, { profile, fictional, images: [] });
  }
  for (const image of images) found.get(image.member_id)?.images.push(image);
  return found;
}
