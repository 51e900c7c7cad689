import { SEARCH_PAGE_SIZE } from '@amora/shared/constants';
import type { PublicProfile } from '@amora/shared/schemas/profile';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { findProfiles } from '../members/profile.repository.js';
import { findSearcher } from './search.repository.js';
import { fromQueryValues } from './search.service.js';
import { findFittingProfiles } from './similar.service.js';
/**
 * `GET /api/signup-matches.php`: a page of members who fit a member who just signed up: in
 * their country or its nearby pair, within the age window of similar profiles around their
 * age, of the gender their remembered search asks for (both when there is none); most
 * recently active first. What is unknown of the member (no birth date yet) is left out
 * rather than listing nobody.
 */
export async function findSignupMatches(
  db: Kysely<Database>,
  memberId: number,
  today: Date = new Date(),
): Promise<PublicProfile[]> {
  const [own, searcher] = await Promise.all([
    findProfiles(db, [memberId], { visibleOnly: false, viewerId: memberId }),
    findSearcher(db, memberId),
  ]);
  const record = own.get(memberId);
  if (!record) throw notFound('member_not_found', 'This member does not exist or has left');
  const gender = fromQueryValues(searcher.rememberedSearch)?.gender ?? null;
  return findFittingProfiles(
    db,
    { ...record.profile, gender },
    { excludeMemberIds: [memberId], viewerId: memberId, limit: SEARCH_PAGE_SIZE, today },
  );
}
