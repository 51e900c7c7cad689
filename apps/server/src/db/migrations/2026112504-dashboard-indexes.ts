import { type Kysely, sql } from 'kysely';

/**
 * What the console's dashboard counts per day (issue 21), read by index ranges over the
 * last week only, so its cost does not grow with a million members and their messages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index members_signup_date_idx on members (signup_date)`.execute(db);
  await sql`create index members_activated_at_idx on members (activated_at) where activated_at is not null`.execute(
    db,
  );
  await sql`create index messages_created_at_idx on messages (created_at)`.execute(db);
  await sql`create index reports_created_at_idx on reports (created_at)`.execute(db);
  await sql`create index orders_paid_at_idx on orders (paid_at) where paid_at is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'members_signup_date_idx',
    'members_activated_at_idx',
    'messages_created_at_idx',
    'reports_created_at_idx',
    'orders_paid_at_idx',
  ]) {
    await sql`drop index ${sql.id(index)}`.execute(db);
  }
}
