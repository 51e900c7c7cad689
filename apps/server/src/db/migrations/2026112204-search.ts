import { type Kysely, sql } from 'kysely';

/**
 * Member search (docs/decisions/009): `search_profiles` holds one narrow row per member
 * that search may list (active, activated, with a profile and a date of birth), kept in
 * step with `members`, `profiles` and `images` by triggers, so that every writer (the app,
 * the seeders, an operator's SQL) keeps it right. Its indexes let one index answer both
 * the filter and the order of a search, and count matches without visiting the table.
 * `member_searches` remembers each member's last manual search.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_profiles')
    .addColumn('member_id', 'bigint', (c) =>
      c.primaryKey().references('members.id').onDelete('cascade'),
    )
    .addColumn('last_active_at', 'timestamptz', (c) => c.notNull())
    .addColumn('date_of_birth', 'date', (c) => c.notNull())
    .addColumn('gender', 'text')
    .addColumn('country', 'text')
    .addColumn('countryregion', 'text')
    .addColumn('has_photo', 'boolean', (c) => c.notNull())
    .execute();

  // The search order, "most recently active, then newest member", led by what narrows it
  // most: nothing (all countries), the country, or the region (region ids name their
  // country). The other filters are included so they are checked inside the index.
  await sql`
    create index search_profiles_recent_idx on search_profiles
      (last_active_at desc, member_id desc) include (gender, date_of_birth, has_photo)
  `.execute(db);
  await sql`
    create index search_profiles_country_recent_idx on search_profiles
      (country, last_active_at desc, member_id desc) include (gender, date_of_birth, has_photo)
  `.execute(db);
  await sql`
    create index search_profiles_region_recent_idx on search_profiles
      (countryregion, last_active_at desc, member_id desc) include (gender, date_of_birth, has_photo)
  `.execute(db);
  // Age buckets select a tenth or so of a country: these ranges count them (and give
  // small result sets to sort) without walking the whole country in activity order.
  await sql`
    create index search_profiles_country_age_idx on search_profiles
      (country, date_of_birth) include (gender, has_photo, member_id, last_active_at)
  `.execute(db);
  await sql`
    create index search_profiles_age_idx on search_profiles
      (date_of_birth) include (gender, has_photo, member_id, last_active_at)
  `.execute(db);

  // Re-derives the rows of the given members from the source tables: inserts, updates or
  // removes each one so that the table holds exactly the members search may list.
  await sql`
    create function search_profiles_sync(ids bigint[]) returns void
    language plpgsql as $$
    begin
      delete from search_profiles s
      where s.member_id = any(ids)
        and not exists (
          select 1 from members m join profiles p on p.member_id = m.id
          where m.id = s.member_id and m.status = 'active' and m.activated_at is not null
            and p.date_of_birth is not null);
      insert into search_profiles as s
        (member_id, last_active_at, date_of_birth, gender, country, countryregion, has_photo)
      select m.id, m.last_active_at, p.date_of_birth, p.gender, p.country, p.countryregion,
             exists (select 1 from images i where i.member_id = m.id)
      from members m join profiles p on p.member_id = m.id
      where m.id = any(ids) and m.status = 'active' and m.activated_at is not null
        and p.date_of_birth is not null
      on conflict (member_id) do update set
        last_active_at = excluded.last_active_at,
        date_of_birth = excluded.date_of_birth,
        gender = excluded.gender,
        country = excluded.country,
        countryregion = excluded.countryregion,
        has_photo = excluded.has_photo
      where (s.last_active_at, s.date_of_birth, s.gender, s.country, s.countryregion, s.has_photo)
        is distinct from (excluded.last_active_at, excluded.date_of_birth, excluded.gender,
                          excluded.country, excluded.countryregion, excluded.has_photo);
    end $$
  `.execute(db);

  // Members: activity moves the row in the order (the common case, once a minute at most
  // per member, so it is a plain update); status and activation decide whether it exists.
  await sql`
    create function search_profiles_on_member() returns trigger
    language plpgsql as $$
    begin
      if (old.status, old.activated_at) is not distinct from (new.status, new.activated_at) then
        update search_profiles set last_active_at = new.last_active_at
        where member_id = new.id and last_active_at is distinct from new.last_active_at;
      else
        perform search_profiles_sync(array[new.id]);
      end if;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger search_profiles_member_update
    after update of status, activated_at, last_active_at on members
    for each row
    when ((old.status, old.activated_at, old.last_active_at)
          is distinct from (new.status, new.activated_at, new.last_active_at))
    execute function search_profiles_on_member()
  `.execute(db);

  // Profiles: inserted in bulk by seeders (one statement, one sync), edited one by one.
  await sql`
    create function search_profiles_on_profiles_insert() returns trigger
    language plpgsql as $$
    begin
      perform search_profiles_sync(array(select member_id from new_rows));
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger search_profiles_profiles_insert
    after insert on profiles
    referencing new table as new_rows
    for each statement
    execute function search_profiles_on_profiles_insert()
  `.execute(db);
  await sql`
    create function search_profiles_on_profile() returns trigger
    language plpgsql as $$
    begin
      perform search_profiles_sync(array[new.member_id]);
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger search_profiles_profile_update
    after update of gender, date_of_birth, country, countryregion on profiles
    for each row
    when ((old.gender, old.date_of_birth, old.country, old.countryregion)
          is distinct from (new.gender, new.date_of_birth, new.country, new.countryregion))
    execute function search_profiles_on_profile()
  `.execute(db);
  // Without a profile nobody is listed; a purge of many members is one statement.
  await sql`
    create function search_profiles_on_profiles_delete() returns trigger
    language plpgsql as $$
    begin
      delete from search_profiles where member_id in (select member_id from old_rows);
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger search_profiles_profiles_delete
    after delete on profiles
    referencing old table as old_rows
    for each statement
    execute function search_profiles_on_profiles_delete()
  `.execute(db);

  // Images: "only with a photo" (pp) means having any photo, as the card shows the main
  // photo or else the first one.
  await sql`
    create function search_profiles_on_images_insert() returns trigger
    language plpgsql as $$
    begin
      update search_profiles set has_photo = true
      where member_id in (select member_id from new_rows) and not has_photo;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger search_profiles_images_insert
    after insert on images
    referencing new table as new_rows
    for each statement
    execute function search_profiles_on_images_insert()
  `.execute(db);
  await sql`
    create function search_profiles_on_images_delete() returns trigger
    language plpgsql as $$
    begin
      update search_profiles s
      set has_photo = exists (select 1 from images i where i.member_id = s.member_id)
      where s.member_id in (select member_id from old_rows) and s.has_photo;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger search_profiles_images_delete
    after delete on images
    referencing old table as old_rows
    for each statement
    execute function search_profiles_on_images_delete()
  `.execute(db);

  // Members who exist already.
  await sql`
    insert into search_profiles
      (member_id, last_active_at, date_of_birth, gender, country, countryregion, has_photo)
    select m.id, m.last_active_at, p.date_of_birth, p.gender, p.country, p.countryregion,
           exists (select 1 from images i where i.member_id = m.id)
    from members m join profiles p on p.member_id = m.id
    where m.status = 'active' and m.activated_at is not null and p.date_of_birth is not null
  `.execute(db);

  await db.schema
    .createTable('member_searches')
    .addColumn('member_id', 'bigint', (c) =>
      c.primaryKey().references('members.id').onDelete('cascade'),
    )
    // The filter parameters of the last manual search, as query-string values.
    .addColumn('filters', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_searches').ifExists().execute();
  await sql`drop trigger if exists search_profiles_images_delete on images`.execute(db);
  await sql`drop trigger if exists search_profiles_images_insert on images`.execute(db);
  await sql`drop trigger if exists search_profiles_profiles_delete on profiles`.execute(db);
  await sql`drop trigger if exists search_profiles_profile_update on profiles`.execute(db);
  await sql`drop trigger if exists search_profiles_profiles_insert on profiles`.execute(db);
  await sql`drop trigger if exists search_profiles_member_update on members`.execute(db);
  for (const fn of [
    'search_profiles_on_images_delete()',
    'search_profiles_on_images_insert()',
    'search_profiles_on_profiles_delete()',
    'search_profiles_on_profile()',
    'search_profiles_on_profiles_insert()',
    'search_profiles_on_member()',
    'search_profiles_sync(bigint[])',
  ]) {
    await sql`drop function if exists ${sql.raw(fn)}`.execute(db);
  }
  await db.schema.dropTable('search_profiles').ifExists().execute();
}
