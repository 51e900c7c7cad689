import { redirectLocation } from '@amora/shared/rules/route-redirects';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { appConfig } from '@/config/app-config';

/**
 * The operator's `ROUTE_REDIRECTS`, applied to the app's own navigation (the server answers
 * a page load of a source with 302 itself). They come with this build's meta file; an
 * internal target keeps the query, an external one is loaded without it.
 */
export function useRouteRedirects() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const redirects = useQuery({
    queryKey: ['build-meta', appConfig.buildId] as const,
    queryFn: async () => {
      const response = await fetch(`/builds/meta/${appConfig.buildId}.json`);
      if (!response.ok) return {};
      const meta = (await response.json()) as { redirects?: Record<string, string> };
      return meta.redirects ?? {};
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  }).data;
  useEffect(() => {
    const target = redirects?.[pathname];
    if (!target) return;
    const next = redirectLocation(target, search);
    if (target.startsWith('/')) navigate(next, { replace: true });
    else window.location.replace(next);
  }, [redirects, pathname, search, navigate]);
}
