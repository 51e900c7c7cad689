import type { Country } from '@amora/shared/constants';
import type { Settings } from '@amora/shared/schemas/site';
import type { QueryClient } from '@tanstack/react-query';
import { settingsQueryOptions } from '@/lib/settings-query';
import { storedTracking } from '@/lib/tracking';
import { searchQueryOptions } from './search-members';

/** Where a visitor sees members: the home page's glimpse and a lander's faces. */
export type VisitorMembersSource = 'home' | 'lander';

/** The members of the visitor's country (the search a visitor's page shows). */
export const visitorMembersQueryOptions = (
  settings: Pick<Settings, 'geoip_selected_country'> | undefined,
  source: VisitorMembersSource,
) =>
  searchQueryOptions(
    { country: settings?.geoip_selected_country as Country | undefined },
    false,
    source,
  );

/**
 * Whether the site lets this visitor search (spec section 6): a visitor from a campaign
 * under `logged_out_search_trafficsource`, any other under `logged_out_search`.
 */
export const visitorMaySearch = (
  settings: Pick<Settings, 'logged_out_search' | 'logged_out_search_trafficsource'>,
) =>
  (storedTracking().network
    ? settings.logged_out_search_trafficsource
    : settings.logged_out_search) !== 'none';

/** A visitor page's loader: the members it shows, read before it renders. */
export async function loadVisitorMembers(queryClient: QueryClient, source: VisitorMembersSource) {
  const settings = await queryClient.ensureQueryData(settingsQueryOptions());
  if (!visitorMaySearch(settings)) return;
  await queryClient.ensureInfiniteQueryData(visitorMembersQueryOptions(settings, source));
}
