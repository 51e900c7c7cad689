import type { Country, Gender } from '@amora/shared/constants';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notBlockedWith } from '../members/blocks.repository.js';
import {
  type ProfileRecord,
  profileRecordsQuery,
  toProfileRecord,
} from '../members/profile.repository.js';

/** Who a search lists, in the terms of `search_profiles` (docs/decisions/009). */
export interface SearchFilter {
  /** The searcher: never listed, nor anyone they blocked or who blocked them. */
  excludeMemberId: number | null;
  gender: Gender | null;
  /** Ignored when `countryregion` is set: region ids name their country. */
  country: Country | null;
  countryregion: string | null;
  /** The latest date of birth listed (the lowest age, at least the minimum age). */
  bornOnOrBefore: string;
  /** Dates of birth after this one only (the highest age), or no bound. */
  bornAfter: string | null;
  withPhoto: boolean;
  /** `hideNudity`: flagged photos do not count as photos (nor show). */
  hideFlagged: boolean;
  /** Only members a person verified (`members.verified_at`, issue 48). */
  verifiedOnly: boolean;
}

function where<O>(
  query: SelectQueryBuilder<Database, 'search_profiles', O>,
  f: SearchFilter,
): SelectQueryBuilder<Database, 'search_profiles', O> {
  let q = query.where('date_of_birth', '<=', f.bornOnOrBefore);
  if (f.bornAfter !== null) q = q.where('date_of_birth', '>', f.bornAfter);
  if (f.countryregion !== null) q = q.where('countryregion', '=', f.countryregion);
  else if (f.country !== null) q = q.where('country', '=', f.country);
  if (f.gender !== null) q = q.where('gender', '=', f.gender);
  if (f.withPhoto) {
    // `has_photo` narrows on the index; only photos others may see count (issue 18).
    const shown = f.hideFlagged ? (['clean'] as const) : (['clean', 'flagged'] as const);
    q = q.where('has_photo', '=', true).where(({ exists, selectFrom }) =>
      exists(
        selectFrom('images')
          .select(sql<number>`1`.as('one'))
          .whereRef('images.member_id', '=', 'search_profiles.member_id')
          .where('images.screening', 'in', [...shown]),
      ),
    );
  }
  if (f.verifiedOnly) {
    // A probe of the partial index `members_verified_idx` per row the other filters keep:
    // verified members are few, and `search_profiles` stays as its triggers keep it.
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('members')
          .select(sql<number>`1`.as('one'))
          .whereRef('members.id', '=', 'search_profiles.member_id')
          .where('members.verified_at', 'is not', null),
      ),
    );
  }
  if (f.excludeMemberId !== null) {
    q = q
      .where('member_id', '<>', f.excludeMemberId)
      .where(notBlockedWith(f.excludeMemberId, sql.ref('search_profiles.member_id')));
  }
  return q;
}

/** One page of matches: most recently active first, then newest member (stable). */
function page<O>(
  query: SelectQueryBuilder<Database, 'search_profiles', O>,
  filter: SearchFilter,
  { offset, limit }: { offset: number; limit: number },
): SelectQueryBuilder<Database, 'search_profiles', O> {
  return where(query, filter)
    .orderBy('last_active_at', 'desc')
    .orderBy('member_id', 'desc')
    .limit(limit)
    .offset(offset);
}

/**
 * The profiles of one page, in its order, with their images: the page query joined to the
 * profiles in one round trip. Visibility is checked again on the member row.
 */
export async function searchPageProfiles(
  db: Kysely<Database>,
  filter: SearchFilter,
  paging: { offset: number; limit: number },
): Promise<ProfileRecord[]> {
  const matches = page(
    db.selectFrom('search_profiles').select(['member_id', 'last_active_at']),
    filter,
    paging,
  ).as('page');
  const rows = await profileRecordsQuery(db, {
    visibleOnly: true,
    viewerId: filter.excludeMemberId,
  })
    .innerJoin(matches, 'page.member_id', 'profiles.member_id')
    .orderBy('page.last_active_at', 'desc')
    .orderBy('page.member_id', 'desc')
    .execute();
  return rows.map(toProfileRecord);
}

/** The ids of the first `limit` matches, in the search's order. */
export async function matchingIds(
  db: Kysely<Database>,
  filter: SearchFilter,
  limit: number,
): Promise<number[]> {
  const rows = await page(db.selectFrom('search_profiles').select('member_id'), filter, {
    offset: 0,
    limit,
  }).execute();
  return rows.map((row) => Number(row.member_id));
}

/** The number of matches, counting no further than `upTo` (the index stops there). */
export async function countMatches(
  db: Kysely<Database>,
  filter: SearchFilter,
  upTo: number,
): Promise<number> {
  const matches = where(db.selectFrom('search_profiles').select(sql<number>`1`.as('one')), filter)
    .limit(upTo)
    .as('matches');
  const row = await db
    .selectFrom(matches)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** What a logged-in search starts from: the member's country and remembered filters. */
export async function findSearcher(
  db: Kysely<Database>,
  memberId: number,
): Promise<{ country: string | null; rememberedSearch: Record<string, string> | null }> {
  const row = await db
    .selectFrom('members')
    .leftJoin('profiles', 'profiles.member_id', 'members.id')
    .leftJoin('member_searches', 'member_searches.member_id', 'members.id')
    .select(['profiles.country', 'member_searches.filters'])
    .where('members.id', '=', memberId)
    .executeTakeFirst();
  return { country: row?.country ?? null, rememberedSearch: row?.filters ?? null };
}

/**
 * Keeps a member's last manual search (its filter parameters as query-string values), as of
 * when it was asked: a search asked earlier but answered later (two filter changes in quick
 * succession) does not replace it.
 */
export async function rememberSearch(
  db: Kysely<Database>,
  memberId: number,
  filters: Record<string, string>,
  askedAt: Date,
): Promise<void> {
  const value = JSON.stringify(filters);
  await db
    .insertInto('member_searches')
    .values({ member_id: memberId, filters: value, updated_at: askedAt })
    .onConflict((oc) =>
      oc
        .column('member_id')
        .doUpdateSet({ filters: value, updated_at: askedAt })
        .where('member_searches.updated_at', '<=', askedAt),
    )
    .execute();
}
