import type { MemberDetail, StaffRole } from '@amora/shared/schemas/staff';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { roleOf } from '../members/staff-role.js';
import { readStoredSettings } from '../site/site.repository.js';
import { photoUrl } from './photo-queue.service.js';

const LOOKUP_LIMIT = 20;
const DETAIL_ROWS = 50;

const memberColumns = [
  'members.id',
  'profiles.name',
  'members.status',
  'members.email',
  'members.activated_at',
  'members.staff_role',
  'members.signup_date',
] as const;

type Found = {
  id: number;
  name: string | null;
  status: 'active' | 'banned' | 'deleted';
  email: string | null;
  activated_at: Date | null;
  staff_role: 'moderator' | null;
  signup_date: Date;
};

const toFound = (row: Found, adminEmails: readonly string[]) => ({
  id: row.id,
  name: row.name,
  status: row.status,
  role: roleOf(row, adminEmails) as StaffRole | null,
  signup_date: row.signup_date.toISOString(),
});

/**
 * `GET /api/admin/members.php?q=`: a member id, an exact e-mail address (never answered
 * back; admins only, as a moderator has no need to tie an address to an account), or the
 * start of a profile name. Fictional demo members are left out.
 */
export async function lookUpMembers(
  db: Kysely<Database>,
  q: string,
  adminEmails: readonly string[],
  role: StaffRole,
) {
  const byId = /^\d{1,15}$/.test(q);
  const byAddress = !byId && q.includes('@');
  if (byAddress && role !== 'admin') {
    throw forbidden('forbidden', 'Looking a member up by e-mail address is for admins');
  }
  let query = db
    .selectFrom('members')
    .leftJoin('profiles', 'profiles.member_id', 'members.id')
    .select(memberColumns)
    .where('members.fictional', '=', false)
    .orderBy('members.id')
    .limit(LOOKUP_LIMIT);
  if (byId) query = query.where('members.id', '=', Number(q));
  else if (byAddress) query = query.where('members.email', '=', q.toLowerCase());
  else {
    const pattern = `${q.replace(/[\\%_]/g, '\\$&')}%`;
    query = query.where(sql<boolean>`lower(profiles.name) like lower(${pattern})`);
  }
  const rows = await query.execute();
  return rows.map((row) => toFound(row, adminEmails));
}

/**
 * `GET /api/admin/member.php?id=`: what staff need to judge a member; for admins also their
 * orders, credit ledger and sessions, which a moderator's answer leaves out (not even empty).
 */
export async function memberDetail(
  db: Kysely<Database>,
  memberId: number,
  adminEmails: readonly string[],
  role: StaffRole,
): Promise<MemberDetail> {
  const member = await db
    .selectFrom('members')
    .leftJoin('profiles', 'profiles.member_id', 'members.id')
    .select([
      ...memberColumns,
      'members.ban_reason',
      'members.last_active_at',
      'members.credits',
      'members.paid_until',
      'profiles.country',
      'profiles.city',
    ])
    .where('members.id', '=', memberId)
    .executeTakeFirst();
  if (!member) throw notFound('member_not_found', 'No such member');

  const reports = (side: 'reporter_id' | 'subject_id', other: 'reporter_id' | 'subject_id') =>
    db
      .selectFrom('reports as r')
      .leftJoin('profiles as p', 'p.member_id', `r.${other}`)
      .select(['r.id', 'r.reason', `r.${other} as other_id`, 'p.name', 'r.status', 'r.created_at'])
      .where(`r.${side}`, '=', memberId)
      .orderBy('r.id', 'desc')
      .limit(DETAIL_ROWS)
      .execute()
      .then((rows) =>
        rows.map((row) => ({
          id: row.id,
          reason: row.reason,
          other: row.other_id === null ? null : { id: row.other_id, name: row.name },
          status: row.status,
          created_at: row.created_at.toISOString(),
        })),
      );

  const [photos, made, received, business, settings] = await Promise.all([
    db
      .selectFrom('images')
      .select(['id', 'filename', 'original_private', 'screening'])
      .where('member_id', '=', memberId)
      .orderBy('position')
      .execute(),
    reports('reporter_id', 'subject_id'),
    reports('subject_id', 'reporter_id'),
    role === 'admin' ? adminOnlyDetail(db, memberId) : null,
    readStoredSettings(db),
  ]);

  return {
    member: {
      ...toFound(member, adminEmails),
      activated: member.activated_at !== null,
      ban_reason: member.ban_reason,
      last_active_at: member.last_active_at.toISOString(),
      country: member.country,
      city: member.city,
      credits: member.credits,
      paid_until: member.paid_until?.toISOString() ?? null,
    },
    photos: photos.map((p) => ({
      id: p.id,
      url: photoUrl(settings.cdn_prefix, p),
      screening: p.screening,
    })),
    reports_made: made,
    reports_received: received,
    ...business,
  };
}

/** A member's orders, credit ledger and sessions, as an admin's member detail shows them. */
async function adminOnlyDetail(db: Kysely<Database>, memberId: number) {
  const [orders, ledger, sessions] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['id', 'product', 'amount', 'currency', 'status', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .limit(DETAIL_ROWS)
      .execute(),
    db
      .selectFrom('credit_ledger')
      .select(['id', 'amount', 'reason', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(DETAIL_ROWS)
      .execute(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'last_seen_at', 'user_agent'])
      .where('member_id', '=', memberId)
      .orderBy('last_seen_at', 'desc')
      .execute(),
  ]);

  return {
    orders: orders.map((o) => ({ ...o, created_at: o.created_at.toISOString() })),
    ledger: ledger.map((l) => ({ ...l, created_at: l.created_at.toISOString() })),
    sessions: sessions.map((s) => ({
      created_at: s.created_at.toISOString(),
      last_used_at: s.last_seen_at.toISOString(),
      user_agent: s.user_agent,
    })),
  };
}
