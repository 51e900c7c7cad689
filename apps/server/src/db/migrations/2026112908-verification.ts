import { type Kysely, sql } from 'kysely';

/**
 * Verified members (issue 48, docs/decisions/063): `verifications`, each selfie a member
 * sent and what a person decided on it (the selfie is a private object, its name emptied once
 * removed); `verification_poses`, the pose the server assigned a member and when, and the
 * tries of the member's current day; `members.verified_at`, when a person approved the
 * member (null: not verified).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('members').addColumn('verified_at', 'timestamptz').execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('pose', 'text', (c) => c.notNull())
    // `selfie-<uuid>.webp` in the private store; null once removed (30 days after the decision).
    .addColumn('selfie', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'verified', 'rejected')`),
    )
    .addColumn('reason', 'text', (c) =>
      c.check(
        sql`reason in ('pose_mismatch', 'face_not_visible', 'not_the_member', 'photo_quality', 'new_selfie_needed')`,
      ),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'bigint', (c) => c.references('members.id').onDelete('set null'))
    .addCheckConstraint(
      'verifications_decided',
      sql`(status = 'pending') = (decided_at is null) and (status = 'rejected') = (reason is not null)`,
    )
    .execute();
  // A member's newest request answers their status.
  await db.schema
    .createIndex('verifications_member_idx')
    .on('verifications')
    .columns(['member_id', 'id'])
    .execute();
  // One selfie waits per member; the queue reads these oldest first.
  await sql`create unique index verifications_pending_idx on verifications (member_id)
    where status = 'pending'`.execute(db);
  // The retention step looks for decided selfies still kept.
  await sql`create index verifications_selfie_idx on verifications (decided_at)
    where selfie is not null and status <> 'pending'`.execute(db);

  await db.schema
    .createTable('verification_poses')
    .addColumn('member_id', 'bigint', (c) =>
      c.primaryKey().references('members.id').onDelete('cascade'),
    )
    // Null once answered with a selfie: the next one needs a new pose.
    .addColumn('pose', 'text')
    .addColumn('assigned_at', 'timestamptz')
    // Tries since `tries_since`; a try more than a day after it starts a new day.
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tries_since', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('verification_poses').execute();
  await db.schema.dropTable('verifications').execute();
  await db.schema.alterTable('members').dropColumn('verified_at').execute();
}
