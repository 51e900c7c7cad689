import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { PHOTO_OBJECT_COLUMNS, type PhotoObjects } from '../images/photo-objects.js';

type Trx = Transaction<Database>;

/**
 * Locks the member's row for the erasure and answers it while the account is still in one
 * of `statuses` (a member deleting their own account: active), so two erasures (two tabs)
 * cannot both run, and nothing else of the member changes under it.
 */
export async function lockErasableMember(
  trx: Trx,
  memberId: number,
  statuses: readonly ('active' | 'banned')[],
) {
  return trx
    .selectFrom('members')
    .select(['id', 'email', 'status'])
    .where('id', '=', memberId)
    .where('status', 'in', statuses)
    .where('email', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
}

/** Removes the member's photo rows; answers what they named, for the removal after the commit. */
export async function deleteMemberImages(trx: Trx, memberId: number): Promise<PhotoObjects[]> {
  return trx
    .deleteFrom('images')
    .where('member_id', '=', memberId)
    .returning([...PHOTO_OBJECT_COLUMNS])
    .execute();
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
 * Marks the account deleted. The e-mail address stays only as its HMAC (`emailHmac`), so it
 * reports `deleted` and cannot sign up or log in again; a banned account keeps the HMAC of
 * its canonical address too (`bannedEmailHmac`), so its mailbox stays refused at signup.
 * The password, the ban's reason and every personal trace of the signup go (docs/decisions/035).
 */
export async function markMemberDeleted(
  trx: Trx,
  memberId: number,
  hmacs: { emailHmac: string; bannedEmailHmac: string | null },
): Promise<void> {
  await trx
    .updateTable('members')
    .set({
      status: 'deleted',
      deleted_at: sql<Date>`now()`,
      email: null,
      email_canonical: null,
      email_hmac: hmacs.emailHmac,
      banned_email_hmac: hmacs.bannedEmailHmac,
      ban_reason: null,
      password_hash: null,
      timezone: null,
      signup_ip: null,
      tracking: '{}',
      price_country: null,
      mailprovider: 0,
    })
    .where('id', '=', memberId)
    .execute();
}

/**
 * Everything else kept about the member that nothing needs once they left: mail and push
 * records (sent ones hold the address), mailed links, notifications, open tabs, service
 * requests, the failed-login and per-address records naming the address, blocks both ways
 * and their own discount codes (docs/privacy.md).
 */
export async function eraseMemberRecords(trx: Trx, memberId: number, email: string): Promise<void> {
  // The member's mail, and mail about them to the support team (it names their address).
  await trx
    .deleteFrom('outbox')
    .where((eb) =>
      eb.or([
        eb('member_id', '=', memberId),
        eb(sql`payload->>'to'`, '=', email),
        eb(sql`payload->'data'->>'email'`, '=', email),
        eb(sql`(payload->'data'->>'memberId')::bigint`, '=', memberId),
      ]),
    )
    .execute();
  await trx.deleteFrom('member_tokens').where('member_id', '=', memberId).execute();
  await trx.deleteFrom('notifications').where('member_id', '=', memberId).execute();
  await trx.deleteFrom('page_presence').where('member_id', '=', memberId).execute();
  await trx
    .deleteFrom('service_requests')
    .where((eb) => eb.or([eb('member_id', '=', memberId), eb('email', '=', email)]))
    .execute();
  await trx.deleteFrom('login_failures').where('account', '=', email).execute();
  await trx.deleteFrom('login_failure_alerts').where('member_id', '=', memberId).execute();
  await trx.deleteFrom('auth_attempts').where('key', '=', email).execute();
  await trx
    .deleteFrom('blocks')
    .where((eb) => eb.or([eb('blocker_id', '=', memberId), eb('blocked_id', '=', memberId)]))
    .execute();
  await trx.deleteFrom('discount_codes').where('member_id', '=', memberId).execute();
}

/** The member's data exports: their rows now, and the names of files to remove after. */
export async function deleteMemberExports(trx: Trx, memberId: number): Promise<string[]> {
  const rows = await trx
    .deleteFrom('data_exports')
    .where('member_id', '=', memberId)
    .returning('file')
    .execute();
  return rows.flatMap((row) => (row.file ? [row.file] : []));
}

/**
 * The member's verification (issue 48): their requests, pose and tries, and the verified mark;
 * answers the names of selfies still kept, to remove from the private store after.
 */
export async function deleteMemberVerifications(trx: Trx, memberId: number): Promise<string[]> {
  const rows = await trx
    .deleteFrom('verifications')
    .where('member_id', '=', memberId)
    .returning('selfie')
    .execute();
  await trx.deleteFrom('verification_poses').where('member_id', '=', memberId).execute();
  await trx.updateTable('members').set({ verified_at: null }).where('id', '=', memberId).execute();
  return rows.flatMap((row) => (row.selfie ? [row.selfie] : []));
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
