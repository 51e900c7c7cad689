import type { Gender } from '@amora/shared/constants';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notBlockedWith } from '../members/blocks.repository.js';

/** Who is similar, in the terms of `search_profiles` (which holds only listable members). */
export interface SimilarFilter {
  /** Null: the viewed member's gender is unknown, so any gender. */
  gender: Gender | null;
  /** The viewed member's country and its nearby pair; null: every country. */
  countries: readonly string[] | null;
  /** The latest date of birth listed (the lowest age). */
  bornOnOrBefore: string;
  /** Dates of birth after this one only (the highest age), or no bound. */
  bornAfter: string | null;
  /** The viewed member and the viewer: never listed. */
  excludeMemberIds: readonly number[];
  /** The logged-in viewer: members blocked either way are not listed. */
  viewerId: number | null;
}

/**
 * Member ids of up to `limit` similar members, most recently active first, then newest.
 * One query per country, each walking the (country, last_active_at) index and stopping
 * after `limit` matches; the two short lists are merged here. A single `country in (…)`
 * query would have to sort every match of both countries instead.
 */
export async function findSimilarMemberIds(
  db: Kysely<Database>,
  filter: SimilarFilter,
  limit: number,
): Promise<number[]> {
  const inCountry = (country: string | null) => {
    let q = db
      .selectFrom('search_profiles')
      .select(['member_id', 'last_active_at'])
      .where('date_of_birth', '<=', filter.bornOnOrBefore);
    if (filter.bornAfter !== null) q = q.where('date_of_birth', '>', filter.bornAfter);
    if (country !== null) q = q.where('country', '=', country);
    if (filter.gender !== null) q = q.where('gender', '=', filter.gender);
    if (filter.excludeMemberIds.length > 0) {
      q = q.where('member_id', 'not in', [...filter.excludeMemberIds]);
    }
    if (filter.viewerId !== null) {
      q = q.where(notBlockedWith(filter.viewerId, sql.ref('member_id')));
    }
    return q.orderBy('last_active_at', 'desc').orderBy('member_id', 'desc').limit(limit).execute();
  };
  const lists = await Promise.all((filter.countries ?? [null]).map(inCountry));
  return lists
    .flat()
    .sort(
      (a, b) =>
        new Date(b.last_active_at).getTime() - new Date(a.last_active_at).getTime() ||
        b.member_id - a.member_id,
    )
    .slice(0, limit)
    .map((r) => r.member_id);
}
