import { type Kysely, sql } from 'kysely';
import type { Database, Member } from '../../db/schema.js';

export async function findMemberByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findMemberById(
  db: Kysely<Database>,
  id: number,
): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks the member as active now, at most once a minute (it orders search results). */
export async function touchLastActive(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('members')
    .set({ last_active_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('last_active_at', '<', sql<Date>`now() - interval '1 minute'`)
    .execute();
}

/** The member's own choices (`PUT /api/user.php { settings }`). */
export async function saveMemberSettings(
  db: Kysely<Database>,
  id: number,
  settings: { show_flagged_photos: boolean },
): Promise<void> {
  await db
    .updateTable('members')
    .set({ show_flagged_photos: settings.show_flagged_photos })
    .where('id', '=', id)
    .execute();
}
