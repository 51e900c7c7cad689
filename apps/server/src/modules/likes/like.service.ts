import type { LikesResponse } from '@amora/shared/schemas/likes';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { notifyMembers } from '../live/live-notify.js';
import { isBlockedBetween } from '../members/blocks.repository.js';
import { findProfiles } from '../members/profile.repository.js';
import { toPublicProfile } from '../members/profile-view.js';
import { assertMayReachOut } from '../members/reach-out.js';
import { onNewLike } from '../notifications/member-events.js';
import { readStoredSettings } from '../site/site.repository.js';
import { deleteLike, insertLike, likesGivenBy, likesReceivedBy } from './like.repository.js';

/**
 * The likes answer for the logged-in member: whom they liked and who liked them. Members
 * others may not see (deleted, banned, not activated) and members blocked either way are
 * left out of both lists, and so of the new-likes badge.
 */
export async function likesFor(db: Kysely<Database>, memberId: number): Promise<LikesResponse> {
  const [given, received, settings] = await Promise.all([
    likesGivenBy(db, memberId),
    likesReceivedBy(db, memberId),
    readStoredSettings(db),
  ]);
  const ids = new Set([...given.map((l) => l.likedId), ...received.map((l) => l.likerId)]);
  const records = await findProfiles(db, [...ids], { visibleOnly: true, viewerId: memberId });
  const today = new Date();
  const profileOf = (id: number) => {
    const record = records.get(id);
    return record ? toPublicProfile(record, settings, today) : null;
  };

  const profiles = given.flatMap((like) => {
    const profile = profileOf(like.likedId);
    return profile ? [profile] : [];
  });
  const liked_by = received.flatMap((like) => {
    const profile = profileOf(like.likerId);
    return profile ? [{ id: like.likerId, like_new: like.seenAt === null, profile }] : [];
  });
  return { profiles, liked_by };
}

/**
 * Likes a member others may see. Idempotent: liking again keeps the one like with its
 * original date. 400 `cannot_like_self`; 404 `member_not_found` for an unknown, deleted,
 * banned or unactivated member or one blocked either way; then 403 `not_activated` while
 * the liker has not confirmed their address.
 */
export async function likeMember(
  db: Kysely<Database>,
  likerId: number,
  likedId: number,
): Promise<void> {
  if (likerId === likedId) throw badRequest('cannot_like_self', 'You cannot like yourself');
  // Visibility is decided where every list decides it (decision 006). Should the member
  // leave right after this check, the like is simply never listed.
  const visible = await findProfiles(db, [likedId], { visibleOnly: true, viewerId: likerId });
  if (!visible.has(likedId)) {
    throw notFound('member_not_found', 'This member does not exist or has left');
  }
  await assertMayReachOut(db, likerId);
  await db.transaction().execute(async (trx) => {
    // Both members' open tabs update their likes (the liker's other tabs too).
    if (await insertLike(trx, likerId, likedId)) {
      await notifyMembers(trx, [likedId, likerId], { type: 'likes' });
      await onNewLike(trx, likedId, likerId);
    }
  });
}

/** Removes the like, if any (idempotent; removing a like of an absent member is no error). */
export async function unlikeMember(
  db: Kysely<Database>,
  likerId: number,
  likedId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (await deleteLike(trx, likerId, likedId)) {
      // A member blocked either way hears nothing of it, not even a hint to refetch.
      const blocked = await isBlockedBetween(trx, likerId, likedId);
      await notifyMembers(trx, blocked ? [likerId] : [likedId, likerId], { type: 'likes' });
    }
  });
}
