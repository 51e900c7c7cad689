import type { Locale } from '@amora/shared/constants';
import {
  PAGE_DATA_ID,
  STARTS_ON_USE_ATTRIBUTE,
  STARTS_ON_USE_VALUE,
} from '@amora/shared/page-marks';
import type { CompanyInfo, Settings } from '@amora/shared/schemas/site';
import type { QueryClient } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { companyInfoQueryOptions } from '@/lib/company-info-query';
import { settingsKeys } from '@/lib/settings-query';
import { rememberUncacheableLocales } from '@/lib/uncacheable-locales';
import { userKeys } from '@/lib/user-query';

/**
 * What a page the server rendered (decision 046) brings for the app to take over with:
 * the language it was rendered in, the settings and company details it was rendered with,
 * and the loaders' answers. Sent as a JSON data block, not a script: the CSP allows only our own scripts.
 */
export interface PageData {
  locale: Locale;
  settings: Settings;
  companyInfo: CompanyInfo;
  router: HydrationState;
  /** What the page's own queries read on the server (server-reads.ts). */
  queries: ReadOnServer[];
}

/** One query's answer as the server read it. */
export interface ReadOnServer {
  queryKey: readonly unknown[];
  data: unknown;
}

/**
 * JSON that cannot end its `<script>` element early, whatever the strings hold. A page
 * that shows everything it will show until it is used starts its app on first use.
 */
export function pageDataElement(data: PageData, startsOnUse: boolean): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const start = startsOnUse ? ` ${STARTS_ON_USE_ATTRIBUTE}="${STARTS_ON_USE_VALUE}"` : '';
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

/** A visitor's queries as the page was rendered with them: nobody logged in, and the rest. */
export function seedQueries(
  queryClient: QueryClient,
  data: Pick<PageData, 'settings' | 'companyInfo'> & Partial<Pick<PageData, 'queries'>>,
): void {
  for (const { queryKey, data: answer } of data.queries ?? []) {
    queryClient.setQueryData(queryKey, answer);
  }
  queryClient.setQueryData(userKeys.all, null);
  queryClient.setQueryData(settingsKeys.all, data.settings);
  // What the settings' own query does with them: a locale table to ask for with no-cache.
  rememberUncacheableLocales(data.settings.uncacheable_locales);
  queryClient.setQueryData(companyInfoQueryOptions().queryKey, data.companyInfo);
}
