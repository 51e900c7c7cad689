import { randomBytes } from 'node:crypto';
import type { Discount, DiscountCovers } from '@amora/shared/schemas/discounts';
import { PRODUCT_IDS } from '@amora/shared/schemas/orders';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { AppConfig, SeededDiscountCode } from '../../config/config.js';
import type { Database, DiscountCodesTable, DiscountKind } from '../../db/schema.js';
import { AppError, notLoggedIn } from '../../lib/errors.js';
import { readCompanyInfo } from '../site/site.repository.js';

type Db = Kysely<Database> | Transaction<Database>;
type CodeRow = Selectable<DiscountCodesTable>;
export type DiscountConfig = AppConfig['discounts'];

/** How long the deletion dialog's "stay" code works. */
const STAY_DAYS = 14;
const PREMIUM_PRODUCTS = PRODUCT_IDS.filter((id) => id.startsWith('premium-'));
const HOUR = 3_600_000;

export const noDiscount = () => new AppError(404, 'no_discount', 'No discount code applies now');
export const discountInvalid = () =>
  new AppError(409, 'discount_invalid', 'This discount code cannot be used here');

/** `amount × (100 − percent) / 100` in minor units, rounded half up (at least 1). */
export const discountedAmount = (amount: number, percent: number) =>
  Math.max(1, Math.floor((amount * (100 - percent) + 50) / 100));

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** `PREFIX-` and 8 base32 characters (256 is a multiple of 32: every character equally likely). */
const newCode = (prefix: string) =>
  `${prefix}-${[...randomBytes(8)].map((b) => BASE32[b % 32]).join('')}`;

/** How a stored kind is shown: the stay offer is the member's `personal` code. */
const apiKind = (kind: DiscountKind): Discount['kind'] => (kind === 'stay' ? 'personal' : kind);

/** What a code's products (null: all) lower, in the banner's terms. */
export function discountCovers(products: readonly string[] | null): DiscountCovers {
  if (products === null) return 'both';
  const premium = products.some((id) => id.startsWith('premium-'));
  const credits = products.some((id) => id.startsWith('credits-'));
  if (premium && credits) return 'both';
  return premium ? 'premium' : 'credits';
}

/** A code that works now: its percent, end and products. */
export interface ValidDiscount {
  row: CodeRow;
  percent: number;
  validUntil: Date;
  products: readonly string[] | null;
}

export const toDiscount = (d: ValidDiscount): Discount => ({
  code: d.row.code,
  kind: apiKind(d.row.kind),
  covers: discountCovers(d.products),
  percent: d.percent,
  expires_at: d.validUntil.toISOString(),
});

/** Whether the discount lowers this product's price. */
export const appliesTo = (d: ValidDiscount, product: string) =>
  d.products === null || d.products.includes(product);

/**
 * The welcome code's and the time bonus's percent and window follow the member's signup and
 * the configuration now (so a changed setting applies to codes already handed out); other
 * codes carry their own.
 */
function effectiveTerms(row: CodeRow, signup: Date | null, config: DiscountConfig) {
  if (row.kind === 'welcome' || row.kind === 'time_bonus') {
    const percent = row.kind === 'welcome' ? config.welcomePercent : config.timeBonusPercent;
    const length =
      row.kind === 'welcome' ? config.welcomeDays * 24 * HOUR : config.timeBonusHours * HOUR;
    if (!signup || percent <= 0 || length <= 0) return null;
    return { percent, from: signup, until: new Date(signup.getTime() + length) };
  }
  return { percent: row.percent, from: row.valid_from, until: row.valid_until };
}

async function signupOf(db: Db, memberId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('members')
    .select('signup_date')
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row?.signup_date ?? null;
}

/**
 * Whether `row` works now for the caller (and, given, the product): its window, its owner,
 * its overall limit (paid uses and the holds of other members' pending orders that have not
 * lapsed) and the member's own paid uses. The caller's own holds do not count: their next
 * order releases them ({@link lockDiscountForOrder}).
 */
async function check(
  db: Db,
  row: CodeRow,
  caller: { memberId: number | null; signup: Date | null },
  config: DiscountConfig,
  product?: string,
): Promise<ValidDiscount | null> {
  if (row.member_id !== null && row.member_id !== caller.memberId) return null;
  if (row.paused_at !== null) return null;
  const terms = effectiveTerms(row, caller.signup, config);
  const now = Date.now();
  if (!terms || now < terms.from.getTime() || now >= terms.until.getTime()) return null;
  if (product !== undefined && row.products !== null && !row.products.includes(product)) {
    return null;
  }
  const { memberId } = caller;
  if (row.max_uses !== null) {
    if (row.uses >= row.max_uses) return null;
    const held = await db
      .selectFrom('discount_code_uses')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('code_id', '=', row.id)
      .where('state', '=', 'reserved')
      .where('reserved_until', '>', sql<Date>`now()`)
      .$if(memberId !== null, (q) =>
        q.where((eb) => eb.or([eb('member_id', 'is', null), eb('member_id', '<>', memberId!)])),
      )
      .executeTakeFirstOrThrow();
    if (row.uses + Number(held.n) >= row.max_uses) return null;
  }
  if (memberId !== null) {
    const own = await db
      .selectFrom('discount_code_uses')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('code_id', '=', row.id)
      .where('member_id', '=', memberId)
      .where('state', '=', 'counted')
      .executeTakeFirstOrThrow();
    if (Number(own.n) >= row.max_uses_per_member) return null;
  }
  return { row, percent: terms.percent, validUntil: terms.until, products: row.products };
}

/** A code as stored: members may type it in any case, with spaces around. */
export const normalizeCode = (text: string) => text.trim().toUpperCase();

async function findCode(db: Db, text: string, lock = false): Promise<CodeRow | undefined> {
  const code = normalizeCode(text);
  if (code === '' || code.length > 64) return undefined;
  let query = db.selectFrom('discount_codes').selectAll().where('code', '=', code);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The member's own welcome or time-bonus row, created at the first ask; null when off. */
async function ownCode(
  db: Db,
  memberId: number,
  kind: 'welcome' | 'time_bonus',
  signup: Date | null,
  config: DiscountConfig,
): Promise<CodeRow | null> {
  const find = () =>
    db
      .selectFrom('discount_codes')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('kind', '=', kind)
      .executeTakeFirst();
  const found = await find();
  if (found) return found;
  const terms = effectiveTerms(
    { kind } as CodeRow, // only the kind matters for these two
    signup,
    config,
  );
  if (!terms || Date.now() >= terms.until.getTime()) return null;
  await db
    .insertInto('discount_codes')
    .values({
      code: newCode(kind === 'welcome' ? 'WELCOME' : 'BONUS'),
      kind,
      percent: terms.percent,
      member_id: memberId,
      valid_from: terms.from,
      valid_until: terms.until,
    })
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'kind'])
        .where(sql.ref('kind'), 'in', sql`('welcome', 'time_bonus', 'stay')`)
        .doNothing(),
    )
    .execute();
  return (await find()) ?? null;
}

/**
 * `GET /api/discountcode.php`: with `welcome`, the member's welcome code; else the code
 * `code` names when it works for the member, else the running time bonus; else 404.
 */
export async function currentDiscount(
  db: Kysely<Database>,
  config: DiscountConfig,
  memberId: number,
  query: { welcome?: string | undefined; code?: string | undefined },
): Promise<Discount> {
  const signup = await signupOf(db, memberId);
  const caller = { memberId, signup };
  const own = async (kind: 'welcome' | 'time_bonus') => {
    const row = await ownCode(db, memberId, kind, signup, config);
    return row ? check(db, row, caller, config) : null;
  };
  if (query.welcome === 'true' || query.welcome === '1') {
    const welcome = await own('welcome');
    if (!welcome) throw noDiscount();
    return toDiscount(welcome);
  }
  if (query.code) {
    const row = await findCode(db, query.code);
    const named = row ? await check(db, row, caller, config) : null;
    if (named) return toDiscount(named);
  }
  const bonus = await own('time_bonus');
  if (!bonus) throw noDiscount();
  return toDiscount(bonus);
}

/**
 * `POST /api/discountcode.php { offer: "stay" }`: the deletion dialog's personal code,
 * `companyinfo.delete_discount` % off premium for 14 days, once per member (asked again,
 * the same code).
 */
export async function stayOffer(db: Kysely<Database>, memberId: number): Promise<Discount> {
  const find = () =>
    db
      .selectFrom('discount_codes')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('kind', '=', 'stay')
      .executeTakeFirst();
  let row = await find();
  if (!row) {
    const { delete_discount: percent } = await readCompanyInfo(db);
    if (!percent || percent <= 0 || percent > 100) throw noDiscount();
    await db
      .insertInto('discount_codes')
      .values({
        code: newCode('STAY'),
        kind: 'stay',
        percent,
        member_id: memberId,
        products: [...PREMIUM_PRODUCTS],
        valid_until: new Date(Date.now() + STAY_DAYS * 24 * HOUR),
      })
      .onConflict((oc) =>
        oc
          .columns(['member_id', 'kind'])
          .where(sql.ref('kind'), 'in', sql`('welcome', 'time_bonus', 'stay')`)
          .doNothing(),
      )
      .execute();
    row = await find();
    if (!row) throw notLoggedIn();
  }
  return {
    code: row.code,
    kind: 'personal',
    covers: discountCovers(row.products),
    percent: row.percent,
    expires_at: row.valid_until.toISOString(),
  };
}

/** The code the products page names, valid for the caller; 409 `discount_invalid` else. */
export async function discountForPrices(
  db: Kysely<Database>,
  config: DiscountConfig,
  memberId: number | null,
  text: string,
): Promise<ValidDiscount> {
  const row = await findCode(db, text);
  const signup = memberId === null ? null : await signupOf(db, memberId);
  const valid = row ? await check(db, row, { memberId, signup }, config) : null;
  if (!valid) throw discountInvalid();
  return valid;
}

/**
 * In the order's transaction: locks the code's row (`FOR UPDATE`, so two orders cannot both
 * take its last use) and checks it for this member and product; 409 `discount_invalid`.
 * Then releases the member's own holds of the code (their earlier pending order with it,
 * given up for this one) and any that lapsed; {@link reserveUse} once the order is stored.
 */
export async function lockDiscountForOrder(
  trx: Transaction<Database>,
  config: DiscountConfig,
  memberId: number,
  text: string,
  product: string,
): Promise<ValidDiscount> {
  const row = await findCode(trx, text, true);
  const signup = await signupOf(trx, memberId);
  const valid = row ? await check(trx, row, { memberId, signup }, config, product) : null;
  if (!valid) throw discountInvalid();
  await releaseHolds(trx, valid.row.id, memberId);
  return valid;
}

/**
 * The pending order holds one use of the code for `minutes`; answers when the hold lapses
 * (the checkout is told to end then, where the provider allows).
 */
export async function reserveUse(
  trx: Transaction<Database>,
  codeId: number,
  memberId: number,
  orderId: string,
  minutes: number,
): Promise<Date> {
  const use = await trx
    .insertInto('discount_code_uses')
    .values({
      code_id: codeId,
      member_id: memberId,
      order_id: orderId,
      reserved_until: sql<Date>`now() + make_interval(mins => ${minutes})`,
    })
    .returning('reserved_until')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('discount_codes')
    .set({ reserved: sql<number>`reserved + 1` })
    .where('id', '=', codeId)
    .execute();
  return use.reserved_until;
}

/**
 * Locks a code's row. Everything that changes a code's uses takes this lock before the uses'
 * rows (orders do, in {@link lockDiscountForOrder}): one order of locks, no deadlock.
 */
const lockCode = (db: Db, codeId: number) =>
  db.selectFrom('discount_codes').select('id').where('id', '=', codeId).forUpdate().execute();

/**
 * Releases, under the code's lock, its holds that lapsed and (given) the member's own;
 * the code's `reserved` count follows.
 */
async function releaseHolds(db: Db, codeId: number, memberId: number | null): Promise<number> {
  const released = await db
    .updateTable('discount_code_uses')
    .set({ state: 'released' })
    .where('code_id', '=', codeId)
    .where('state', '=', 'reserved')
    .where((eb) =>
      eb.or([
        eb('reserved_until', '<=', sql<Date>`now()`),
        ...(memberId === null ? [] : [eb('member_id', '=', memberId)]),
      ]),
    )
    .returning('id')
    .execute();
  if (released.length > 0) {
    await db
      .updateTable('discount_codes')
      .set({ reserved: sql<number>`reserved - ${released.length}` })
      .where('id', '=', codeId)
      .execute();
  }
  return released.length;
}

/**
 * Ends the holds whose `DISCOUNT_RESERVATION_MINUTES` have passed (the reconciliation job,
 * every minute), so that the console's `reserved` counts are current; the checks leave
 * lapsed holds out already. Answers how many it released.
 */
export async function releaseLapsedUses(db: Kysely<Database>): Promise<number> {
  const codes = await db
    .selectFrom('discount_code_uses')
    .select('code_id')
    .distinct()
    .where('state', '=', 'reserved')
    .where('reserved_until', '<=', sql<Date>`now()`)
    .execute();
  let released = 0;
  for (const { code_id } of codes) {
    released += await db.transaction().execute(async (trx) => {
      await lockCode(trx, code_id);
      return releaseHolds(trx, code_id, null);
    });
  }
  return released;
}

/**
 * Settles an order's use of its code: `released` when the order failed, was cancelled or
 * expired (a hold still in place goes back to the code), `counted` when it is paid, also
 * after its hold lapsed or gave way to the member's next order (the money came in: the use
 * counts, even past the code's limit).
 */
async function settleUse(db: Db, orderId: string, state: 'released' | 'counted') {
  const use = await db
    .selectFrom('discount_code_uses')
    .select('code_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!use) return;
  await lockCode(db, use.code_id);
  // Read under the code's lock, which every change of its uses takes: it stays as read.
  const { state: was } = await db
    .selectFrom('discount_code_uses')
    .select('state')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (was === 'counted' || (state === 'released' && was === 'released')) return;
  await db
    .updateTable('discount_code_uses')
    .set({ state })
    .where('order_id', '=', orderId)
    .execute();
  await db
    .updateTable('discount_codes')
    .set({
      ...(was === 'reserved' && { reserved: sql<number>`reserved - 1` }),
      ...(state === 'counted' && { uses: sql<number>`uses + 1` }),
    })
    .where('id', '=', use.code_id)
    .execute();
}

export const releaseUse = (db: Db, orderId: string) => settleUse(db, orderId, 'released');
export const countUse = (db: Db, orderId: string) => settleUse(db, orderId, 'counted');

/**
 * DISCOUNT_CODES at start: each missing code becomes a campaign row (any member, once each,
 * no overall limit). Existing rows are left alone: the table, which the operator console
 * edits, is what counts.
 */
export async function seedConfiguredCodes(db: Db, codes: readonly SeededDiscountCode[]) {
  for (const c of codes) {
    await db
      .insertInto('discount_codes')
      .values({
        code: c.code,
        kind: 'campaign',
        percent: c.percent,
        products: c.products,
        valid_until: c.validUntil,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
}
