import type { Kysely } from 'kysely';
import { DEMO_ADMIN_EMAIL } from '../../config/config.js';
import type { Database } from '../../db/schema.js';
import { PHOTO_OBJECT_COLUMNS, queuePhotoObjectsDelete } from '../images/photo-objects.js';
import { queueMediaDelete } from '../media/media-delete.js';
import { DEMO_ACCOUNT_EMAIL } from './demo-account.js';

const DEMO_LOGINS = [DEMO_ACCOUNT_EMAIL, DEMO_ADMIN_EMAIL];

/** Members that exist only for the demo: the fictional ones and the demo logins. */
const demoMembers = (db: Kysely<Database>) =>
  db
    .selectFrom('members')
    .select('id')
    .where((eb) => eb.or([eb('fictional', '=', true), eb('email', 'in', DEMO_LOGINS)]));

export async function countDemoData(
  db: Kysely<Database>,
): Promise<{ fictional: number; demoAccount: boolean }> {
  const row = await db
    .selectFrom('members')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('fictional', '=', true).as('fictional'),
      eb.fn.countAll<string>().filterWhere('email', 'in', DEMO_LOGINS).as('demo'),
    ])
    .executeTakeFirstOrThrow();
  return { fictional: Number(row.fictional), demoAccount: Number(row.demo) > 0 };
}

/**
 * Removes the demo's members with every conversation one of them took part in (both sides'
 * messages go with it), their likes, notifications and photos. Real members stay; their
 * orders and mail records lose the link to a removed member only. The photos' objects are
 * left to `media_delete` jobs queued in the same transaction.
 */
export async function purgeDemoData(
  db: Kysely<Database>,
): Promise<{ members: number; conversations: number; files: number }> {
  return db.transaction().execute(async (trx) => {
    const removedConversations = await trx
      .deleteFrom('conversations')
      .where((eb) =>
        eb.or([
          eb('member_low', 'in', demoMembers(trx)),
          eb('member_high', 'in', demoMembers(trx)),
        ]),
      )
      .executeTakeFirst();
    const images = await trx
      .deleteFrom('images')
      .where('member_id', 'in', demoMembers(trx))
      .returning([...PHOTO_OBJECT_COLUMNS])
      .execute();
    const files = await queuePhotoObjectsDelete(trx, images);
    // The demo login may have asked for its data: the rows would go with the member.
    const exports = await trx
      .deleteFrom('data_exports')
      .where('member_id', 'in', demoMembers(trx))
      .returning('file')
      .execute();
    await queueMediaDelete(
      trx,
      exports.map((row) => row.file),
      'exports',
    );
    const removedMembers = await trx
      .deleteFrom('members')
      .where('id', 'in', demoMembers(trx))
      .executeTakeFirst();
    return {
      members: Number(removedMembers.numDeletedRows),
      conversations: Number(removedConversations.numDeletedRows),
      files,
    };
  });
}
