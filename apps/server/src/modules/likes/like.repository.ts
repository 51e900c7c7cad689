import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notBlockedWith } from '../members/blocks.repository.js';
import { isVisibleMember } from '../members/profile.repository.js';

export interface LikeRow {
  likerId: number;
  likedId: number;
  createdAt: Date;
  /** Null until the liked member has viewed the liker's profile. */
  seenAt: Date | null;
}

const likeColumns = ['liker_id', 'liked_id', 'created_at', 'seen_at'] as const;

const toLikeRow = (r: {
  liker_id: number;
  liked_id: number;
  created_at: Date;
  seen_at: Date | null;
}): LikeRow => ({
  likerId: r.liker_id,
  likedId: r.liked_id,
  createdAt: r.created_at,
  seenAt: r.seen_at,
});

/** Likes the member gave, newest first. */
export async function likesGivenBy(db: Kysely<Database>, memberId: number): Promise<LikeRow[]> {
  const rows = await db
    .selectFrom('likes')
    .select(likeColumns)
    .where('liker_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('liked_id', 'desc')
    .execute();
  return rows.map(toLikeRow);
}

/** Likes the member received: unseen (new) ones first, then newest first. */
export async function likesReceivedBy(db: Kysely<Database>, memberId: number): Promise<LikeRow[]> {
  const rows = await db
    .selectFrom('likes')
    .select(likeColumns)
    .where('liked_id', '=', memberId)
    .orderBy(sql`seen_at is null`, 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('liker_id', 'desc')
    .execute();
  return rows.map(toLikeRow);
}

/**
 * How many new likes the member's likes list shows (`liked_by` with `like_new`): unseen
 * likes from members the list shows, those others may see and neither blocked.
 */
export async function countNewLikesListed(db: Kysely<Database>, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('likes')
    .innerJoin('members', 'members.id', 'likes.liker_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('likes.liked_id', '=', memberId)
    .where('likes.seen_at', 'is', null)
    .where(isVisibleMember('members'))
    .where(notBlockedWith(memberId, sql.ref('likes.liker_id')))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Adds the like unless it exists; answers whether it is new. One that exists already stays
 * as it was (its date and seen mark), so liking twice changes nothing.
 */
export async function insertLike(
  db: Kysely<Database>,
  likerId: number,
  likedId: number,
): Promise<boolean> {
  const rows = await db
    .insertInto('likes')
    .values({ liker_id: likerId, liked_id: likedId })
    .onConflict((oc) => oc.columns(['liker_id', 'liked_id']).doNothing())
    .returning('liker_id')
    .execute();
  return rows.length > 0;
}

/** Removes the like; answers whether there was one. */
export async function deleteLike(
  db: Kysely<Database>,
  likerId: number,
  likedId: number,
): Promise<boolean> {
  const rows = await db
    .deleteFrom('likes')
    .where('liker_id', '=', likerId)
    .where('liked_id', '=', likedId)
    .returning('liker_id')
    .execute();
  return rows.length > 0;
}

/**
 * The liked member has viewed the liker's profile: the like is no longer new. Only a like
 * still unseen is touched, so the first viewing time is kept and a repeat view writes nothing.
 * Answers whether the like was new until now.
 */
export async function markLikeSeen(
  db: Kysely<Database>,
  likerId: number,
  likedId: number,
): Promise<boolean> {
  const result = await db
    .updateTable('likes')
    .set({ seen_at: sql<Date>`now()` })
    .where('liker_id', '=', likerId)
    .where('liked_id', '=', likedId)
    .where('seen_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
