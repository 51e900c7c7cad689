import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Trx = Transaction<Database>;

/**
 * Locks the member's row for the deletion and answers it while the account is still
 * active, so two deletions (two tabs) cannot both run, and nothing else of the member
 * changes under it.
 */
export async function lockActiveMember(trx: Trx, memberId: number) {
  return trx
    .selectFrom('members')
    .select(['id', 'email'])
    .where('id', '=', memberId)
    .where('status', '=', 'active')
    .forUpdate()
    .executeTakeFirst();
}

/** Removes the member's photo rows; answers the file names to remove after the commit. */
export async function deleteMemberImages(trx: Trx, memberId: number): Promise<string[]> {
  const rows = await trx
    .deleteFrom('images')
    .where('member_id', '=', memberId)
    .returning(['filename', 'thumb_filename', 'blurred_filename', 'blurred_thumb_filename'])
    .execute();
  return rows.flatMap((r) =>
    [r.filename, r.thumb_filename, r.blurred_filename, r.blurred_thumb_filename].filter(
      (name): name is string => name !== null,
    ),
  );
}

/**
 * Empties what the member told about themselves. The row stays (conversations and the
 * credit ledger point at the member), but nothing in it identifies them any more.
 */
export async function wipeProfile(trx: Trx, memberId: number): Promise<void> {
  await trx
    .updateTable('profiles')
    .set({
      name: '',
      gender: null,
      date_of_birth: null,
      country: null,
      countryregion: null,
      city: null,
      main_image_id: null,
      notes: '{}',
      fields: '{}',
      interests: '[]',
      updated_at: sql<Date>`now()`,
    })
    .where('member_id', '=', memberId)
    .execute();
}

/**
 * Marks the account deleted. The e-mail address stays, so it reports `deleted` and cannot
 * sign up or log in again; the password and the personal traces of the signup go.
 */
export async function markMemberDeleted(trx: Trx, memberId: number): Promise<void> {
  await trx
    .updateTable('members')
    .set({
      status: 'deleted',
      deleted_at: sql<Date>`now()`,
      password_hash: null,
      timezone: null,
      signup_ip: null,
    })
    .where('id', '=', memberId)
    .execute();
}

/** Likes the member gave and received: both lists of the others forget them at once. */
export async function deleteMemberLikes(trx: Trx, memberId: number): Promise<void> {
  await trx
    .deleteFrom('likes')
    .where((eb) => eb.or([eb('liker_id', '=', memberId), eb('liked_id', '=', memberId)]))
    .execute();
}

/** Push subscriptions and the remembered search: nothing is sent or kept for the member. */
export async function deleteMemberDevicesAndSearches(trx: Trx, memberId: number): Promise<void> {
  await trx.deleteFrom('push_subscriptions').where('member_id', '=', memberId).execute();
  await trx.deleteFrom('member_searches').where('member_id', '=', memberId).execute();
}

/** Voids every open mailed link of the member, whatever its purpose. */
export async function revokeAllMemberTokens(trx: Trx, memberId: number): Promise<void> {
  await trx
    .updateTable('member_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .execute();
}

/** Mail and push still waiting for the member are not sent to a deleted account. */
export async function dropPendingOutbox(trx: Trx, memberId: number): Promise<void> {
  await trx
    .deleteFrom('outbox')
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .execute();
}
