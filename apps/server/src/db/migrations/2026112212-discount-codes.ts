import { type Kysely, sql } from 'kysely';

/**
 * Discount codes (issue 16, docs/decisions/032): welcome, time-bonus, the deletion dialog's
 * "stay" offer, personal and campaign codes in one table, and each use an order makes of one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('discount_codes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // Stored upper case; looked up upper case.
    .addColumn('code', 'text', (c) => c.notNull().unique().check(sql`code = upper(code)`))
    // welcome, time_bonus, stay: one per member; personal: one member's; campaign: anyone's.
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('welcome', 'time_bonus', 'stay', 'personal', 'campaign')`),
    )
    .addColumn('percent', 'integer', (c) => c.notNull().check(sql`percent between 1 and 100`))
    .addColumn('member_id', 'bigint', (c) => c.references('members.id').onDelete('cascade'))
    // Null: every product.
    .addColumn('products', sql`text[]`)
    .addColumn('valid_from', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('valid_until', 'timestamptz', (c) => c.notNull())
    // Null: no overall limit.
    .addColumn('max_uses', 'integer', (c) => c.check(sql`max_uses > 0`))
    .addColumn('max_uses_per_member', 'integer', (c) =>
      c.notNull().defaultTo(1).check(sql`max_uses_per_member > 0`),
    )
    // Paid orders that used it, and pending orders holding a use.
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0).check(sql`uses >= 0`))
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0).check(sql`reserved >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('discount_codes_member_kind_idx')
    .on('discount_codes')
    .columns(['member_id', 'kind'])
    .unique()
    .where(sql.ref('kind'), 'in', sql`('welcome', 'time_bonus', 'stay')`)
    .execute();

  await db.schema
    .createTable('discount_code_uses')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('code_id', 'bigint', (c) =>
      c.notNull().references('discount_codes.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'bigint', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('order_id', 'uuid', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('state', 'text', (c) =>
      c.notNull().defaultTo('reserved').check(sql`state in ('reserved', 'counted', 'released')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('discount_code_uses_code_member_idx')
    .on('discount_code_uses')
    .columns(['code_id', 'member_id'])
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('discount_code', 'text')
    // The price before the discount (minor units); null on orders from before discounts.
    .addColumn('original_amount', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('discount_code').execute();
  await db.schema.alterTable('orders').dropColumn('original_amount').execute();
  await db.schema.dropTable('discount_code_uses').execute();
  await db.schema.dropTable('discount_codes').execute();
}
