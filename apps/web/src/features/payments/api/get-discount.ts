import { discountSchema } from '@amora/shared/schemas/discounts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/** A discount code as the server answers it (kind, percent off, end). */
export type Discount = ReturnType<typeof discountSchema.parse>;

export const discountKeys = {
  all: ['discounts'] as const,
  welcome: () => [...discountKeys.all, 'welcome'] as const,
  /** The page's own query: a named code (campaign links, `?code=`), else the time bonus. */
  page: (search: string) => [...discountKeys.all, 'page', search] as const,
};

/** The discount an answer names, or null for 404 `no_discount` (none applies: not a failure). */
async function getDiscount(path: string): Promise<Discount | null> {
  try {
    return discountSchema.parse(await api.get<unknown>(path));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The page's query string, without the `?`, as the spec's free-form parameters. */
const pageParams = (search: string) => search.replace(/^\?/, '');

/** GET /api/discountcode.php?welcome=true: the member's own welcome code, or null. */
export const useWelcomeDiscount = (enabled: boolean) =>
  useQuery({
    queryKey: discountKeys.welcome(),
    queryFn: () => getDiscount('/api/discountcode.php?welcome=true'),
    enabled,
    staleTime: 60_000,
  });

/**
 * GET /api/discountcode.php with the page's query (`?code=SPRING`, a campaign's tracking
 * parameters, or nothing): the code it names, else the running time bonus, else null.
 */
export const usePageDiscount = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: discountKeys.page(pageParams(search)),
    queryFn: () => {
      const params = pageParams(search);
      return getDiscount(`/api/discountcode.php${params ? `?${params}` : ''}`);
    },
    enabled,
    staleTime: 60_000,
  });
