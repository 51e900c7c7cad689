import { type Kysely, sql } from 'kysely';

/**
 * Photo screening (issue 18, docs/decisions/034): each photo's screening state, its nudity
 * score and the blurred copies of a flagged one; the member's choice to see flagged photos
 * unblurred; outbox jobs of kind `photo_screen`, and one for every photo uploaded before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('images')
    // `pending`: uploaded, shown to its owner only until screened. Rows written without a
    // state (seeded portraits) count as clean; uploads always say `pending`.
    .addColumn('screening', 'text', (c) =>
      c.notNull().defaultTo('clean').check(sql`screening in ('pending', 'clean', 'flagged')`),
    )
    // P(Porn) + P(Hentai) as the classifier saw it; null: not classified (yet).
    .addColumn('nudity_score', 'real')
    .addColumn('screened_at', 'timestamptz')
    // Fresh names, so the original's name cannot be guessed from the blurred copy's.
    .addColumn('blurred_filename', 'text')
    .addColumn('blurred_thumb_filename', 'text')
    .execute();
  await db.schema
    .alterTable('members')
    .addColumn('show_flagged_photos', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await sql`alter table outbox drop constraint if exists outbox_kind_check`.execute(db);
  await sql`alter table outbox add constraint outbox_kind_check
    check (kind in ('mail', 'push', 'photo_screen'))`.execute(db);
  // The one-time screening of photos from before: they stay visible meanwhile.
  await sql`
    insert into outbox (kind, member_id, payload)
    select 'photo_screen', i.member_id, jsonb_build_object('imageId', i.id)
    from images i join members m on m.id = i.member_id
    where not m.fictional
    order by i.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from outbox where kind = 'photo_screen'`.execute(db);
  await sql`alter table outbox drop constraint if exists outbox_kind_check`.execute(db);
  await sql`alter table outbox add constraint outbox_kind_check check (kind in ('mail', 'push'))`.execute(
    db,
  );
  await db.schema.alterTable('members').dropColumn('show_flagged_photos').execute();
  for (const column of [
    'blurred_thumb_filename',
    'blurred_filename',
    'screened_at',
    'nudity_score',
    'screening',
  ]) {
    await db.schema.alterTable('images').dropColumn(column).execute();
  }
}
