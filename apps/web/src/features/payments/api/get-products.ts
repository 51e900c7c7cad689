import type { ProductsResponse } from '@amora/shared/schemas/orders';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const productKeys = { all: ['products'] as const };

/** GET /api/products.php: prices for the member (or, logged out, the visitor's country). */
export const useProducts = (country?: string | null) =>
  useQuery({
    queryKey: [...productKeys.all, country ?? null],
    queryFn: () =>
      api.get<ProductsResponse>(`/api/products.php${country ? `?country=${country}` : ''}`),
    staleTime: 5 * 60_000,
  });
