import { type Kysely, sql } from 'kysely';

/**
 * `NOTIFY member_changed` (docs/decisions/042): every write to what the per-instance member
 * cache holds (members, profiles, images, and the ending of sessions) names the members it
 * touched, whoever wrote it: the app, a seeder, an operator's SQL. Statement triggers with
 * transition tables, so a bulk insert of a seeder sends a few notices, not one per row.
 * Payload: member ids separated by commas (at most 350 a notice, well under NOTIFY's 8000
 * bytes), or `*` (a table was truncated: forget everything).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function member_changed_send(ids bigint[]) returns void
    language plpgsql as $$
    declare
      chunk text;
    begin
      for chunk in
        select string_agg(id::text, ',')
        from (
          select id, (row_number() over (order by id) - 1) / 350 as part
          from (select distinct unnest(ids) as id) distinct_ids
          where id is not null
        ) numbered
        group by part
      loop
        perform pg_notify('member_changed', chunk);
      end loop;
    end $$
  `.execute(db);

  // Members: any change but the activity stamp moving forward, which the app does once a
  // minute per active member and which the cache re-reads every minute anyway (a stamp set
  // back, by an operator or a test, is a change).
  await sql`
    create function member_changed_on_members() returns trigger
    language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform member_changed_send(array(select id from old_rows));
      else
        perform member_changed_send(array(
          select n.id from new_rows n join old_rows o on o.id = n.id
          where (to_jsonb(o) - 'last_active_at') is distinct from (to_jsonb(n) - 'last_active_at')
             or n.last_active_at < o.last_active_at
        ));
      end if;
      return null;
    end $$
  `.execute(db);

  // Sessions: an ended session matters (deleted, moved to another member, or its expiry
  // brought forward), and so does its last use set back; a new one is not in any cache, and
  // what the app does on use (last use and idle expiry moving forward, the staff window)
  // does not change who it is.
  await sql`
    create function member_changed_on_sessions() returns trigger
    language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform member_changed_send(array(select member_id from old_rows));
      else
        perform member_changed_send(array(
          select unnest(array[o.member_id, n.member_id])
          from new_rows n join old_rows o on o.id = n.id
          where n.member_id is distinct from o.member_id
             or n.created_at is distinct from o.created_at
             or n.expires_at < o.expires_at
             or n.last_seen_at < o.last_seen_at
        ));
      end if;
      return null;
    end $$
  `.execute(db);

  // Profiles and images: every change shows in the member's own answer.
  await sql`
    create function member_changed_on_member_rows() returns trigger
    language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform member_changed_send(array(select member_id from new_rows));
      elsif tg_op = 'DELETE' then
        perform member_changed_send(array(select member_id from old_rows));
      else
        perform member_changed_send(array(
          select member_id from new_rows union select member_id from old_rows
        ));
      end if;
      return null;
    end $$
  `.execute(db);

  await sql`
    create function member_changed_on_truncate() returns trigger
    language plpgsql as $$
    begin
      perform pg_notify('member_changed', '*');
      return null;
    end $$
  `.execute(db);

  const triggers: [table: string, fn: string, ops: ('insert' | 'update' | 'delete')[]][] = [
    ['members', 'member_changed_on_members', ['update', 'delete']],
    ['sessions', 'member_changed_on_sessions', ['update', 'delete']],
    ['profiles', 'member_changed_on_member_rows', ['insert', 'update', 'delete']],
    ['images', 'member_changed_on_member_rows', ['insert', 'update', 'delete']],
  ];
  for (const [table, fn, ops] of triggers) {
    for (const op of ops) {
      // A statement trigger may have one event when it reads transition tables.
      const referencing =
        op === 'insert'
          ? 'new table as new_rows'
          : op === 'delete'
            ? 'old table as old_rows'
            : 'old table as old_rows new table as new_rows';
      await sql
        .raw(
          `create trigger member_changed_${op} after ${op} on ${table}
           referencing ${referencing} for each statement execute function ${fn}()`,
        )
        .execute(db);
    }
    await sql
      .raw(
        `create trigger member_changed_truncate after truncate on ${table}
         for each statement execute function member_changed_on_truncate()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['members', 'sessions', 'profiles', 'images']) {
    for (const op of ['insert', 'update', 'delete', 'truncate']) {
      await sql.raw(`drop trigger if exists member_changed_${op} on ${table}`).execute(db);
    }
  }
  for (const fn of [
    'member_changed_on_members',
    'member_changed_on_sessions',
    'member_changed_on_member_rows',
    'member_changed_on_truncate',
  ]) {
    await sql.raw(`drop function ${fn}()`).execute(db);
  }
  await sql`drop function member_changed_send(bigint[])`.execute(db);
}
