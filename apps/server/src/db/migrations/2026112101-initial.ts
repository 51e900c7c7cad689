import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('members')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('active').check(sql`status in ('active', 'banned', 'deleted')`),
    )
    .addColumn('activated_at', 'timestamptz')
    .addColumn('signup_date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_active_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_until', 'timestamptz')
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0).check(sql`credits >= 0`))
    .addColumn('mailprovider', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('timezone', 'text')
    .addColumn('last_signup_step', 'integer')
    .addColumn('fictional', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('tracking', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('signup_ip', 'text')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('members_email_key').on('members').column('email').unique().execute();

  await db.schema
    .createTable('profiles')
    .addColumn('member_id', 'bigint', (c) =>
      c.primaryKey().references('members.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.check(sql`gender in ('male', 'female')`))
    .addColumn('date_of_birth', 'date')
    .addColumn('country', 'text')
    .addColumn('countryregion', 'text')
    .addColumn('city', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('main_image_id', 'bigint')
    .addColumn('notes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('fields', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('interests', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('thumb_filename', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('images_member_idx')
    .on('images')
    .columns(['member_id', 'position'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) =>
      c.notNull().references('members.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_member_idx').on('sessions').column('member_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('company_info')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('kvk', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('tradenames', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('vat_numbers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('support_phone', 'text', (c) => c.notNull())
    .addColumn('delete_discount', 'integer')
    .execute();

  await db.schema
    .createTable('auth_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('auth_attempts_lookup_idx')
    .on('auth_attempts')
    .columns(['kind', 'key', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'auth_attempts',
    'company_info',
    'settings',
    'sessions',
    'images',
    'profiles',
    'members',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
