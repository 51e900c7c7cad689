import type { Settings } from '@amora/shared/schemas/site';
import type { QueryClient } from '@tanstack/react-query';
import { searchKeys } from '@/features/search/api/search-members';
import { answerCallsOnServer, type ServerCalls } from '@/lib/api-client';
import type { ReadOnServer } from './page-data';

const isSearch = (queryKey: readonly unknown[]) => queryKey[0] === searchKeys.all[0];

/**
 * Reads on the server the members a visitor's page shows (a lander's faces, the home page's
 * glimpse), which its first rendering asked for, so the page comes with them (decision 046).
 * Not when the answer may depend on what only the browser knows: a visitor from a campaign
 * remembered in the browser is searched under `logged_out_search_trafficsource`.
 * Answers whether anything was read; a read that failed is left to the browser.
 */
export async function readMembersOnServer(
  queryClient: QueryClient,
  settings: Settings,
  calls: ServerCalls,
): Promise<boolean> {
  if (settings.logged_out_search !== settings.logged_out_search_trafficsource) return false;
  const asked = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => isSearch(query.queryKey) && query.state.data === undefined });
  if (asked.length === 0) return false;
  answerCallsOnServer(calls);
  try {
    await Promise.all(
      asked.map((query) =>
        query.fetch({ ...query.options, retry: false }).catch(() => {
          queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
        }),
      ),
    );
  } finally {
    answerCallsOnServer(null);
  }
  return true;
}

/** The members read on the server, for the app to take the page over with. */
export const membersRead = (queryClient: QueryClient): ReadOnServer[] =>
  queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => isSearch(query.queryKey) && query.state.status === 'success' })
    .map((query) => ({ queryKey: query.queryKey, data: query.state.data }));

/**
 * Whether every member the page shows was read here: then the page as sent shows all it
 * will show until it is used, and its app can start on first use (decision 048). A read
 * left to the browser (a campaign's own search, a failed read) needs the app at once.
 */
export const everyMemberRead = (queryClient: QueryClient): boolean =>
  queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => isSearch(query.queryKey) })
    .every((query) => query.state.status === 'success');
