import type { AdminCode, CreateCode, UpdateCode } from '@amora/shared/schemas/site-admin';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DiscountCodesTable } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { appendAudit } from './audit-log.repository.js';
import type { StaffActor } from './member-actions.service.js';

/** The end of a day (UTC): a code's last day counts whole. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999Z`);

const toAdminCode = (row: Selectable<DiscountCodesTable>): AdminCode => ({
  id: row.id,
  code: row.code,
  percent: row.percent,
  products: row.products as AdminCode['products'],
  valid_from: row.valid_from.toISOString(),
  valid_until: new Date(row.valid_until).toISOString(),
  max_uses: row.max_uses,
  max_uses_per_member: row.max_uses_per_member,
  uses: row.uses,
  reserved: row.reserved,
  paused: row.paused_at !== null,
});

/** `GET /api/admin/codes.php`: the campaign codes, newest first (members' own codes not). */
export async function listCampaignCodes(db: Kysely<Database>): Promise<AdminCode[]> {
  const rows = await db
    .selectFrom('discount_codes')
    .selectAll()
    .where('kind', '=', 'campaign')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map(toAdminCode);
}

/** `POST /api/admin/codes.php`: a new campaign code; 409 `code_taken` for a used text. */
export async function createCode(
  db: Kysely<Database>,
  actor: StaffActor,
  body: CreateCode,
): Promise<AdminCode> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('discount_codes')
      .values({
        code: body.code,
        kind: 'campaign',
        percent: body.percent,
        products: body.products,
        valid_until: endOfDay(body.valid_until),
        max_uses: body.max_uses,
        max_uses_per_member: body.max_uses_per_member,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError(409, 'code_taken', 'A code with this text exists already');
    await appendAudit(trx, {
      staffId: actor.staffId,
      action: 'code.create',
      subjectId: null,
      reason: `${body.code}: ${body.percent}%`,
    });
    return toAdminCode(row);
  });
}

/** `PUT /api/admin/codes.php`: pause or resume, change the limit or the last day. */
export async function updateCode(
  db: Kysely<Database>,
  actor: StaffActor,
  body: UpdateCode,
): Promise<AdminCode> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('discount_codes')
      .set({
        ...(body.paused !== undefined && { paused_at: body.paused ? new Date() : null }),
        ...(body.max_uses !== undefined && { max_uses: body.max_uses }),
        ...(body.valid_until !== undefined && { valid_until: endOfDay(body.valid_until) }),
      })
      .where('id', '=', body.id)
      .where('kind', '=', 'campaign')
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('code_not_found', 'No such campaign code');
    const changes = [
      body.paused !== undefined ? (body.paused ? 'paused' : 'resumed') : null,
      body.max_uses !== undefined ? `max_uses ${body.max_uses ?? 'none'}` : null,
      body.valid_until !== undefined ? `until ${body.valid_until}` : null,
    ].filter(Boolean);
    await appendAudit(trx, {
      staffId: actor.staffId,
      action: 'code.update',
      subjectId: null,
      reason: `${row.code}: ${changes.join(', ')}`,
    });
    return toAdminCode(row);
  });
}

/** `GET /api/admin/code-uses.php?id=`: which orders used a code, newest first. */
export async function listCodeUses(db: Kysely<Database>, codeId: number) {
  const rows = await db
    .selectFrom('discount_code_uses as u')
    .leftJoin('profiles as p', 'p.member_id', 'u.member_id')
    .select(['u.order_id', 'u.member_id', 'p.name', 'u.state', 'u.created_at'])
    .where('u.code_id', '=', codeId)
    .orderBy('u.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    order_id: row.order_id,
    member: row.member_id === null ? null : { id: row.member_id, name: row.name },
    state: row.state,
    created_at: row.created_at.toISOString(),
  }));
}
