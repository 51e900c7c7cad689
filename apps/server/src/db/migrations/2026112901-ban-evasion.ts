import { canonicalEmail } from '@amora/shared/rules/canonical-email';
import { type Kysely, sql } from 'kysely';

/** Rows backfilled per statement: short locks on a large members table. */
const BATCH = 1000;

/**
 * Ban evasion (issue 42): signup compares an address's canonical form (`canonicalEmail`:
 * lower case, no `+tag`, no dots at gmail.com) with banned accounts.
 * - `members.email_canonical`: the canonical form beside the address, erased with it. Not
 *   unique: existing accounts that share one stay as they are. Indexed for banned accounts
 *   only, the one question asked of it.
 * - `members.banned_email_hmac`: a banned account that is erased keeps only the HMAC of its
 *   canonical address (`account/banned-email.ts`); the key lives with the server's secrets.
 * Existing addresses are backfilled here with the same rule the server uses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('email_canonical', 'text')
    .addColumn('banned_email_hmac', 'text')
    .execute();
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; email: string }>`
      select id, email from members where id > ${after} and email is not null
      order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    const values = sql.join(
      rows.map((row) => sql`(${Number(row.id)}::bigint, ${canonicalEmail(row.email)}::text)`),
    );
    await sql`update members set email_canonical = v.canonical
      from (values ${values}) as v(id, canonical) where members.id = v.id`.execute(db);
    after = Number(rows.at(-1)!.id);
  }
  await sql`create index members_banned_email_canonical_idx on members (email_canonical)
    where status = 'banned'`.execute(db);
  await sql`create index members_banned_email_hmac_idx on members (banned_email_hmac)
    where banned_email_hmac is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('members_banned_email_hmac_idx').ifExists().execute();
  await db.schema.dropIndex('members_banned_email_canonical_idx').ifExists().execute();
  await db.schema
    .alterTable('members')
    .dropColumn('banned_email_hmac')
    .dropColumn('email_canonical')
    .execute();
}
