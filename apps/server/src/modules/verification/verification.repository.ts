import {
  VERIFICATION_POSE_MINUTES,
  VERIFICATION_TRIES_PER_DAY,
} from '@amora/shared/schemas/verification';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { queueMediaDelete } from '../media/media-delete.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A pose assigned within this long still stands (a condition on `assigned_at`). */
const poseStands = sql<boolean>`assigned_at > now() - make_interval(mins => ${VERIFICATION_POSE_MINUTES})`;
/** The member's day of tries began more than a day ago: the next try starts a new one. */
const dayOver = sql<boolean>`tries_since is null or tries_since <= now() - interval '1 day'`;

/** The member's newest verification request, or undefined for none. */
export async function latestVerification(db: Db, memberId: number) {
  return db
    .selectFrom('verifications')
    .select(['id', 'status', 'reason', 'created_at', 'decided_at'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The pose assigned to the member if it still stands, else undefined. */
export async function standingPose(db: Db, memberId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('verification_poses')
    .select('pose')
    .where('member_id', '=', memberId)
    .where('pose', 'is not', null)
    .where(poseStands)
    .executeTakeFirst();
  return row?.pose ?? undefined;
}

/**
 * Assigns `pose` to the member unless a pose assigned meanwhile still stands (two tabs asking
 * at once get the same one). Answers the pose that stands after.
 */
export async function assignPose(db: Db, memberId: number, pose: string): Promise<string> {
  await db
    .insertInto('verification_poses')
    .values({ member_id: memberId, pose, assigned_at: sql<Date>`now()` })
    .onConflict((oc) =>
      oc
        .column('member_id')
        .doUpdateSet({ pose, assigned_at: sql<Date>`now()` })
        .where(
          sql<boolean>`verification_poses.pose is null or verification_poses.assigned_at <= now() - make_interval(mins => ${VERIFICATION_POSE_MINUTES})`,
        ),
    )
    .execute();
  return (await standingPose(db, memberId)) ?? pose;
}

/** When the member may try again, or null while the day's tries are not used up. */
export async function triesUsedUpUntil(db: Db, memberId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('verification_poses')
    .select(sql<Date>`tries_since + interval '1 day'`.as('until'))
    .where('member_id', '=', memberId)
    .where('tries', '>=', VERIFICATION_TRIES_PER_DAY)
    .where(sql<boolean>`not (${dayOver})`)
    .executeTakeFirst();
  return row?.until ?? null;
}

/**
 * Counts a try, in one statement so two uploads at once cannot both take the last one: false
 * when the day's tries are used up (nothing counted).
 */
export async function countTry(db: Db, memberId: number): Promise<boolean> {
  const counted = await db
    .updateTable('verification_poses')
    .set({
      tries: sql<number>`case when ${dayOver} then 1 else tries + 1 end`,
      tries_since: sql<Date>`case when ${dayOver} then now() else tries_since end`,
    })
    .where('member_id', '=', memberId)
    .where(sql<boolean>`(${dayOver}) or tries < ${VERIFICATION_TRIES_PER_DAY}`)
    .executeTakeFirst();
  return Number(counted.numUpdatedRows) > 0;
}

/** Uses up the member's pose if it is `pose` and still stands: false when it is not. */
export async function takePose(db: Db, memberId: number, pose: string): Promise<boolean> {
  const taken = await db
    .updateTable('verification_poses')
    .set({ pose: null, assigned_at: null })
    .where('member_id', '=', memberId)
    .where('pose', '=', pose)
    .where(poseStands)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

/** Whether the member has a photo the screening has looked at (clean or flagged). */
export async function hasScreenedPhoto(db: Db, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('images')
    .select('id')
    .where('member_id', '=', memberId)
    .where('screening', 'in', ['clean', 'flagged'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Removes the selfies decided more than `days` ago: the column is emptied and a `media_delete`
 * job for the private store queued in one transaction, so no row names a removed object and
 * no object outlives its job. Answers how many.
 */
export async function pruneDecidedSelfies(db: Kysely<Database>, days: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Locked, so an instance pruning at the same time skips them rather than queueing twice.
    const due = await trx
      .selectFrom('verifications')
      .select(['id', 'selfie'])
      .where('selfie', 'is not', null)
      .where('status', '<>', 'pending')
      .where('decided_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return 0;
    await trx
      .updateTable('verifications')
      .set({ selfie: null })
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .execute();
    await queueMediaDelete(
      trx,
      due.map((row) => row.selfie),
      'private',
    );
    return due.length;
  });
}
