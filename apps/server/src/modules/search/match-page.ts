import { SEARCH_RESULTS_CAP } from '@amora/shared/schemas/search';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findProfiles, type ProfileRecord } from '../members/profile.repository.js';
import {
  countMatches,
  matchingIds,
  type SearchFilter,
  searchPageProfiles,
} from './search.repository.js';
import type { SearchCache } from './search-cache.js';

/** Who searches, as far as the answer depends on it; null when logged out. */
export interface Viewer {
  memberId: number;
  /** Members the searcher blocked or was blocked by: never listed, nor counted. */
  blockedWith: readonly number[];
  showFlaggedPhotos: boolean;
}

/** Counting stops past the cap; the kept lists hold this many more for the exclusions. */
const UP_TO = SEARCH_RESULTS_CAP + 1;
const LIST_LIMIT = UP_TO + 1_000;

/**
 * One page of matches and their number (counted no further than the cap + 1). With a cache,
 * the filter's list of matches and the listed profiles come from it and the searcher's
 * exclusions are taken out here; without one, or for a searcher whose exclusions are not
 * known, two queries answer as before.
 */
export async function matchPage(
  db: Kysely<Database>,
  filter: SearchFilter,
  paging: { offset: number; limit: number },
  cache: SearchCache | null,
  viewer: Viewer | null,
): Promise<{ records: ProfileRecord[]; counted: number }> {
  const fromDatabase = async () => {
    const [records, counted] = await Promise.all([
      searchPageProfiles(db, filter, paging),
      countMatches(db, filter, UP_TO),
    ]);
    return { records, counted };
  };
  if (cache === null || (filter.excludeMemberId !== null && viewer === null)) {
    return fromDatabase();
  }
  const everyone: SearchFilter = { ...filter, excludeMemberId: null };
  const ids = await cache.matches(JSON.stringify(everyone), () =>
    matchingIds(db, everyone, LIST_LIMIT),
  );
  const excluded = new Set(viewer ? [viewer.memberId, ...viewer.blockedWith] : []);
  const kept = excluded.size === 0 ? ids : ids.filter((id) => !excluded.has(id));
  const end = paging.offset + paging.limit;
  // A list cut at its limit cannot answer past its end once many were taken out of it.
  if (ids.length === LIST_LIMIT && (kept.length < UP_TO || end > kept.length)) {
    return fromDatabase();
  }
  const pageIds = kept.slice(paging.offset, end);
  const found = await cache.profiles(pageIds, (missing) =>
    findProfiles(db, missing, { visibleOnly: true }),
  );
  const viewerSeesFlagged = viewer?.showFlaggedPhotos ?? false;
  const records = pageIds.flatMap((id) => {
    const record = found.get(id);
    return record ? [{ ...record, viewerSeesFlagged }] : [];
  });
  return { records, counted: Math.min(kept.length, UP_TO) };
}
