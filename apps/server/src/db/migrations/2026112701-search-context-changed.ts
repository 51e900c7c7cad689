import { type Kysely, sql } from 'kysely';

/**
 * Searches share what they read (docs/decisions/047), so more writes send `NOTIFY
 * member_changed` (migration 2026112601): the member's remembered filters and blocks, kept
 * with the session (a block names both members: each one's search leaves the other out),
 * and the activity stamp moving forward, which orders every search. The app moves a
 * member's stamp once a minute at most, and the session it serves is read again then anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function member_changed_on_members() returns trigger
    language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform member_changed_send(array(select id from old_rows));
      else
        perform member_changed_send(array(
          select n.id from new_rows n join old_rows o on o.id = n.id
          where to_jsonb(o) is distinct from to_jsonb(n)
        ));
      end if;
      return null;
    end $$
  `.execute(db);

  await sql`
    create function member_changed_on_blocks() returns trigger
    language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform member_changed_send(array(
          select unnest(array[blocker_id, blocked_id]) from new_rows
        ));
      elsif tg_op = 'DELETE' then
        perform member_changed_send(array(
          select unnest(array[blocker_id, blocked_id]) from old_rows
        ));
      else
        perform member_changed_send(array(
          select unnest(array[blocker_id, blocked_id]) from new_rows
          union select unnest(array[blocker_id, blocked_id]) from old_rows
        ));
      end if;
      return null;
    end $$
  `.execute(db);

  const triggers: [table: string, fn: string][] = [
    ['member_searches', 'member_changed_on_member_rows'],
    ['blocks', 'member_changed_on_blocks'],
  ];
  for (const [table, fn] of triggers) {
    for (const op of ['insert', 'update', 'delete'] as const) {
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
  await sql`
    create or replace function member_changed_on_members() returns trigger
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
  for (const table of ['member_searches', 'blocks']) {
    for (const op of ['insert', 'update', 'delete', 'truncate']) {
      await sql.raw(`drop trigger if exists member_changed_${op} on ${table}`).execute(db);
    }
  }
  await sql`drop function member_changed_on_blocks()`.execute(db);
}
