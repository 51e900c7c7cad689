import type { Locale } from '@amora/shared/constants';
import {
  PAGE_DATA_ID,
  STARTS_AFTER_LOAD_ATTRIBUTE,
  STARTS_AFTER_LOAD_VALUE,
} from '@amora/shared/page-marks';
import type { CompanyInfo, Settings } from '@amora/shared/schemas/site';
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { companyInfoQueryOptions } from '@/lib/company-info-query';
import { settingsKeys } from '@/lib/settings-query';
import { rememberUncacheableLocales } from '@/lib/uncacheable-locales';
import { userKeys } from '@/lib/user-query';

/**
 * What a page the server rendered (decision 046) brings for the app to take over with: the
 * language it was rendered in, the loaders' answers for the router, and the query cache as
 * the loaders left it (`dehydrate`: settings, company details, the page's own reads). Sent
 * as a JSON data block, not a script: the CSP allows only our own scripts.
 */
export interface PageData {
  locale: Locale;
  router: HydrationState;
  queries: DehydratedState;
}

/**
 * JSON that cannot end its `<script>` element early, whatever the strings hold. A page
 * that shows everything it will show starts its app after it has loaded (decision 054).
 */
export function pageDataElement(data: PageData, startsAfterLoad: boolean): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const start = startsAfterLoad
    ? ` ${STARTS_AFTER_LOAD_ATTRIBUTE}="${STARTS_AFTER_LOAD_VALUE}"`
    : '';
  return `<script type="application/json" id="${PAGE_DATA_ID}"${start}>${json}</script>`;
}

/** The server's data for this page, or null when the page was not rendered by the server. */
export function readPageData(): PageData | null {
  const element = document.getElementById(PAGE_DATA_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageData;
  } catch {
    return null;
  }
}

/** What the server's rendering knows before its loaders run: nobody logged in, and the rest. */
export function seedQueries(
  queryClient: QueryClient,
  data: { settings: Settings; companyInfo: CompanyInfo },
): void {
  queryClient.setQueryData(userKeys.all, null);
  queryClient.setQueryData(settingsKeys.all, data.settings);
  queryClient.setQueryData(companyInfoQueryOptions().queryKey, data.companyInfo);
}

/** The browser's cache as the server's rendering left it. */
export function takeOverQueries(queryClient: QueryClient, page: PageData): void {
  hydrate(queryClient, page.queries);
  const settings = queryClient.getQueryData<Settings>(settingsKeys.all);
  // What the settings' own query does with them: a locale table to ask for with no-cache.
  if (settings) rememberUncacheableLocales(settings.uncacheable_locales);
}
