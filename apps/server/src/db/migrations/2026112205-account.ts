import { type Kysely, sql } from 'kysely';

/**
 * Account self-service: an e-mail change mails the old address a single-use link that
 * undoes it, so tokens get a fourth purpose.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member_tokens drop constraint member_tokens_purpose_check`.execute(db);
  await sql`alter table member_tokens add constraint member_tokens_purpose_check
    check (purpose in ('activation', 'password_reset', 'email_change', 'email_change_undo'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from member_tokens where purpose = 'email_change_undo'`.execute(db);
  await sql`alter table member_tokens drop constraint member_tokens_purpose_check`.execute(db);
  await sql`alter table member_tokens add constraint member_tokens_purpose_check
    check (purpose in ('activation', 'password_reset', 'email_change'))`.execute(db);
}
