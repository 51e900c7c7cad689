import { MIN_AGE, SEARCH_PAGE_SIZE } from '@amora/shared/constants';
import { ageOn } from '@amora/shared/rules/age';
import { similarAgeRange, similarCountries } from '@amora/shared/rules/similar-profiles';
import type { PublicProfile } from '@amora/shared/schemas/profile';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { findProfiles } from '../members/profile.repository.js';
import { toPublicProfile } from '../members/profile-view.js';
import { readStoredSettings } from '../site/site.repository.js';
import { findSearcher } from './search.repository.js';
import { bornOnOrBefore, fromQueryValues } from './search.service.js';
import { findSimilarMemberIds } from './similar.repository.js';

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
  const [own, searcher, settings] = await Promise.all([
    findProfiles(db, [memberId], { visibleOnly: false, viewerId: memberId }),
    findSearcher(db, memberId),
    readStoredSettings(db),
  ]);
  const record = own.get(memberId);
  if (!record) throw notFound('member_not_found', 'This member does not exist or has left');
  const { country, date_of_birth } = record.profile;
  const age = date_of_birth ? ageOn(date_of_birth, today) : null;
  const ages = age === null ? null : similarAgeRange(age);
  const gender = fromQueryValues(searcher.rememberedSearch)?.gender ?? null;
  const ids = await findSimilarMemberIds(
    db,
    {
      gender,
      countries: country ? similarCountries(country) : null,
      bornOnOrBefore: bornOnOrBefore(today, ages?.min ?? MIN_AGE),
      bornAfter: ages === null ? null : bornOnOrBefore(today, ages.max + 1),
      excludeMemberIds: [memberId],
      viewerId: memberId,
    },
    SEARCH_PAGE_SIZE,
  );
  const records = await findProfiles(db, ids, { visibleOnly: true, viewerId: memberId });
  return ids.flatMap((id) => {
    const found = records.get(id);
    return found ? [toPublicProfile(found, settings, today)] : [];
  });
}
