import { type Gender, MIN_AGE } from '@amora/shared/constants';
import { ageOn } from '@amora/shared/rules/age';
import {
  SIMILAR_PROFILES_LIMIT,
  similarAgeRange,
  similarCountries,
} from '@amora/shared/rules/similar-profiles';
import type { PublicProfile } from '@amora/shared/schemas/profile';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { findProfiles } from '../members/profile.repository.js';
import { toPublicProfile } from '../members/profile-view.js';
import { readStoredSettings } from '../site/site.repository.js';
import { bornOnOrBefore } from './search.service.js';
import { findSimilarMemberIds } from './similar.repository.js';

export interface SimilarRequest {
  /** The member whose profile is being viewed. */
  memberId: number;
  /** The logged-in viewer, or null for a visitor. */
  viewerId: number | null;
}

/**
 * `GET /api/similar.php`: up to 8 members like the viewed one (DESIGN "Similar profiles"):
 * the same gender, an age within 5 years of theirs, the same country or its nearby pair,
 * any region; never the viewed member or the viewer; only members search may list; most
 * recently active first. The viewed member must be one the viewer may see (as in
 * `GET /api/profile.php`), else 404. Should the viewed member's gender, date of birth or
 * country be unknown, that criterion is left out rather than listing nobody.
 */
export async function findSimilarProfiles(
  db: Kysely<Database>,
  { memberId, viewerId }: SimilarRequest,
  today: Date = new Date(),
): Promise<PublicProfile[]> {
  const own = viewerId === memberId;
  const viewed = await findProfiles(db, [memberId], { visibleOnly: !own, viewerId });
  const record = viewed.get(memberId);
  if (!record) throw notFound('member_not_found', 'This member does not exist or has left');

  return findFittingProfiles(db, record.profile, {
    excludeMemberIds: viewerId === null ? [memberId] : [...new Set([memberId, viewerId])],
    viewerId,
    limit: SIMILAR_PROFILES_LIMIT,
    today,
  });
}

/**
 * Members who fit someone of this gender, country and date of birth: the same gender (any
 * when given none), the country or its nearby pair, an age within 5 years; blocks either way
 * left out; most recently active first. What is unknown is left out rather than listing
 * nobody. Similar profiles and the matches after signup both list these.
 */
export async function findFittingProfiles(
  db: Kysely<Database>,
  fit: { gender: Gender | null; country: string | null; date_of_birth: string | null },
  options: { excludeMemberIds: number[]; viewerId: number | null; limit: number; today: Date },
): Promise<PublicProfile[]> {
  const { today, viewerId } = options;
  const age = fit.date_of_birth ? ageOn(fit.date_of_birth, today) : null;
  const ages = age === null ? null : similarAgeRange(age);
  const [ids, settings] = await Promise.all([
    findSimilarMemberIds(
      db,
      {
        gender: fit.gender,
        countries: fit.country ? similarCountries(fit.country) : null,
        bornOnOrBefore: bornOnOrBefore(today, ages?.min ?? MIN_AGE),
        bornAfter: ages === null ? null : bornOnOrBefore(today, ages.max + 1),
        excludeMemberIds: options.excludeMemberIds,
        viewerId,
      },
      options.limit,
    ),
    readStoredSettings(db),
  ]);
  const records = await findProfiles(db, ids, { visibleOnly: true, viewerId });
  return ids.flatMap((id) => {
    const found = records.get(id);
    return found ? [toPublicProfile(found, settings, today)] : [];
  });
}
