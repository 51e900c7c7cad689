import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, ImageRow, ProfileRow } from '../../db/schema.js';
import { notBlockedWith } from './blocks.repository.js';

export interface ProfileRecord {
  profile: ProfileRow;
  fictional: boolean;
  images: ImageRow[];
  /** A person approved the member's verification selfie (`members.verified_at`, issue 48). */
  verified: boolean;
  /** The viewer chose to see flagged photos unblurred (false for visitors). */
  viewerSeesFlagged: boolean;
}

/**
 * True for a member others may see: not deleted or banned, and activated (decision 006).
 * Every list applies it (search, likes, chats, profiles) and so does the app badge.
 */
export function isVisibleMember(members: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${members}.status`)} = 'active' and ${sql.ref(`${members}.activated_at`)} is not null)`;
}

export interface ProfileVisibility {
  /** Leave out members others may not see (deleted, banned, not yet activated). */
  visibleOnly: boolean;
  /**
   * The member who looks: anyone they blocked, or who blocked them, is left out too, and
   * their choice to see flagged photos unblurred comes along.
   */
  viewerId?: number | null;
}

/**
 * Profiles with their member's `fictional` and verified marks and their images (in order, as JSON), so a
 * page of members costs one query. Callers add which profiles (a list of ids, or a join
 * with a page of search results).
 */
export function profileRecordsQuery(db: Kysely<Database>, options: ProfileVisibility) {
  let query = db
    .selectFrom('profiles')
    .innerJoin('members', 'members.id', 'profiles.member_id')
    .selectAll('profiles')
    .select((eb) => [
      'members.fictional',
      'members.verified_at',
      eb
        .selectFrom('images')
        .select((ie) =>
          ie.fn
            .coalesce(
              ie.fn.jsonAgg('images').orderBy('images.position').orderBy('images.id'),
              sql<never[]>`'[]'::json`,
            )
            .as('list'),
        )
        .whereRef('images.member_id', '=', 'profiles.member_id')
        .as('images'),
    ]);
  if (options.visibleOnly) query = query.where(isVisibleMember('members'));
  const viewerId = options.viewerId ?? null;
  if (viewerId !== null) {
    query = query.where(notBlockedWith(viewerId, sql.ref('profiles.member_id')));
  }
  return query.select(
    viewerId === null
      ? sql<boolean>`false`.as('viewer_sees_flagged')
      : sql<boolean>`coalesce((select show_flagged_photos from members v where v.id = ${viewerId}), false)`.as(
          'viewer_sees_flagged',
        ),
  );
}

type ProfileRecordRow = Awaited<
  ReturnType<ReturnType<typeof profileRecordsQuery>['executeTakeFirstOrThrow']>
>;

/** A row of `profileRecordsQuery` as a record (image times come back from JSON as text). */
export function toProfileRecord({
  fictional,
  verified_at,
  images,
  viewer_sees_flagged,
  ...profile
}: ProfileRecordRow): ProfileRecord {
  return {
    profile,
    fictional,
    verified: verified_at !== null,
    viewerSeesFlagged: Boolean(viewer_sees_flagged),
    images: (images ?? []).map((image) => ({
      ...image,
      created_at: new Date(image.created_at),
      screened_at: image.screened_at === null ? null : new Date(image.screened_at),
      reviewed_at: image.reviewed_at === null ? null : new Date(image.reviewed_at),
    })),
  };
}

/** Profiles of the given members with their images (see `profileRecordsQuery`). */
export async function findProfiles(
  db: Kysely<Database>,
  memberIds: number[],
  options: ProfileVisibility,
): Promise<Map<number, ProfileRecord>> {
  const found = new Map<number, ProfileRecord>();
  if (memberIds.length === 0) return found;
  const rows = await profileRecordsQuery(db, options)
    .where('profiles.member_id', 'in', memberIds)
    .execute();
  for (const row of rows) found.set(row.member_id, toProfileRecord(row));
  return found;
}
