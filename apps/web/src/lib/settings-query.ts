import { DEFAULT_SITE_NAME } from '@amora/shared/constants';
import type { Settings } from '@amora/shared/schemas/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rememberUncacheableLocales } from './uncacheable-locales';

export const settingsKeys = { all: ['settings'] as const };

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: async () => {
      const settings = await api.get<Settings>('/api/settings.php');
      rememberUncacheableLocales(settings.uncacheable_locales);
      return settings;
    },
    staleTime: 10 * 60_000,
  });

export const useSettings = () => useQuery(settingsQueryOptions());

/** The site's name from the settings (the default one while they load). */
export const useSiteName = () => useSettings().data?.name ?? DEFAULT_SITE_NAME;
