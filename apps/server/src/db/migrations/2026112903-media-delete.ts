import { type Kysely, sql } from 'kysely';

/**
 * Photos on object storage (issue 43, docs/decisions/057): outbox jobs of kind
 * `media_delete`, which remove the objects of removed photos and exports until the store
 * has done it; and an index on each column naming an object, because `/uploads/<name>` is
 * served only while a photo row names it, one look-up per request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox drop constraint if exists outbox_kind_check`.execute(db);
  await sql`alter table outbox add constraint outbox_kind_check
    check (kind in ('mail', 'push', 'photo_screen', 'data_export', 'media_delete'))`.execute(db);
  await db.schema.createIndex('images_filename_idx').on('images').column('filename').execute();
  await db.schema
    .createIndex('images_thumb_filename_idx')
    .on('images')
    .column('thumb_filename')
    .execute();
  // Only flagged photos have blurred copies: the rest need no entry.
  await db.schema
    .createIndex('images_blurred_filename_idx')
    .on('images')
    .column('blurred_filename')
    .where(sql.ref('blurred_filename'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('images_blurred_thumb_filename_idx')
    .on('images')
    .column('blurred_thumb_filename')
    .where(sql.ref('blurred_thumb_filename'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'images_blurred_thumb_filename_idx',
    'images_blurred_filename_idx',
    'images_thumb_filename_idx',
    'images_filename_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await sql`delete from outbox where kind = 'media_delete'`.execute(db);
  await sql`alter table outbox drop constraint if exists outbox_kind_check`.execute(db);
  await sql`alter table outbox add constraint outbox_kind_check
    check (kind in ('mail', 'push', 'photo_screen', 'data_export'))`.execute(db);
}
