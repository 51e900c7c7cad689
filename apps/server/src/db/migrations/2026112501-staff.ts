import { type Kysely, sql } from 'kysely';

/**
 * Staff and moderation (issue 20, docs/decisions/036): the moderator role, ban reasons, the
 * staff re-authentication window on sessions, the report and photo queues' state, and the
 * append-only audit log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('members')
    // Admins come from ADMIN_EMAILS on every call; only moderators are stored.
    .addColumn('staff_role', 'text', (c) => c.check(sql`staff_role in ('moderator')`))
    .addColumn('ban_reason', 'text')
    .addColumn('banned_at', 'timestamptz')
    .execute();

  // A staff call needs a login or staff action within the last 30 minutes.
  await db.schema.alterTable('sessions').addColumn('staff_seen_at', 'timestamptz').execute();

  await db.schema
    .alterTable('reports')
    .addColumn('claimed_by', 'bigint', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('closed_by', 'bigint', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('resolution', 'text', (c) =>
      c.check(sql`resolution in ('dismiss', 'warn', 'remove_photo', 'ban')`),
    )
    .addColumn('note', 'text')
    .execute();

  await db.schema
    .alterTable('images')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewed_by', 'bigint', (c) => c.references('members.id').onDelete('set null'))
    .execute();
  // Photos from before the queue existed count as seen; flagged ones still wait for a person.
  await sql`update images set reviewed_at = created_at where screening <> 'flagged'`.execute(db);
  await sql`create index images_review_queue_idx on images (id) where reviewed_at is null`.execute(
    db,
  );
  await sql`create index messages_held_idx on messages (id) where status = 'held'`.execute(db);

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Ids without foreign keys: an entry outlives the accounts it names.
    .addColumn('staff_id', 'bigint', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'bigint')
    .addColumn('reason', 'text')
    .execute();
  // Append-only: no change ever, and removal only of entries past their two years.
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and old.at < now() - interval '2 years' then
        return old;
      end if;
      raise exception 'audit_log is append-only';
    end $$`.execute(db);
  await sql`
    create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
  await sql`create index audit_log_subject_idx on audit_log (subject_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await sql`drop function audit_log_append_only()`.execute(db);
  await sql`drop index messages_held_idx`.execute(db);
  await db.schema
    .alterTable('images')
    .dropColumn('reviewed_at')
    .dropColumn('reviewed_by')
    .execute();
  await db.schema
    .alterTable('reports')
    .dropColumn('claimed_by')
    .dropColumn('claimed_until')
    .dropColumn('closed_by')
    .dropColumn('resolution')
    .dropColumn('note')
    .execute();
  await db.schema.alterTable('sessions').dropColumn('staff_seen_at').execute();
  await db.schema
    .alterTable('members')
    .dropColumn('staff_role')
    .dropColumn('ban_reason')
    .dropColumn('banned_at')
    .execute();
}
