import { isResellEligible, tileAt } from '@amora/shared/rules/resell';
import type { CamProfile } from '@amora/shared/schemas/partner-tiles';
import type { PublicProfile } from '@amora/shared/schemas/profile';
import type { Settings } from '@amora/shared/schemas/site';
import type { User } from '@amora/shared/schemas/user';
import { type CamFilters, useCams } from '../api/search-cams';

export type ResultItem =
  | { type: 'member'; profile: PublicProfile }
  | { type: 'tile'; kind: 'cams' | 'ads'; cam: CamProfile | undefined; key: string };

/** The partner tiles this member sees, if any (spec section 6). */
export function useTiles(settings: Settings | undefined, user: User | null, filters: CamFilters) {
  const eligible = Boolean(
    settings &&
      isResellEligible({
        loggedIn: user !== null,
        paid: user?.paid_user ?? false,
        signupDate: user?.signup_date,
        now: Date.now(),
        memberResell: settings.member_resell,
      }),
  );
  const cams = useCams(
    { gender: filters.gender, min_age: filters.min_age, max_age: filters.max_age },
    eligible,
  );
  return {
    eligible,
    /** False while the cams load: the grid waits, so no tile pushes members aside later. */
    settled: !eligible || !cams.isPending,
    cams: cams.data ?? [],
    ads: settings?.member_resell.includes('camads') ?? false,
  };
}

/** Members with the partner tiles at index mod 12 = 1 (cams) and = 5 (ads): two per twelve. */
export function withTiles(
  profiles: PublicProfile[],
  tiles: ReturnType<typeof useTiles>,
): ResultItem[] {
  if (!tiles.eligible) return profiles.map((profile) => ({ type: 'member', profile }));
  const items: ResultItem[] = [];
  let camIndex = 0;
  for (const profile of profiles) {
    let kind = tileAt(items.length);
    while (kind) {
      const cam =
        kind === 'cams' ? tiles.cams[camIndex++ % Math.max(1, tiles.cams.length)] : undefined;
      const shown = (kind === 'cams' && cam) || (kind === 'ads' && tiles.ads);
      if (!shown) break;
      items.push({ type: 'tile', kind, cam, key: `tile-${items.length}` });
      kind = tileAt(items.length);
    }
    items.push({ type: 'member', profile });
  }
  return items;
}
