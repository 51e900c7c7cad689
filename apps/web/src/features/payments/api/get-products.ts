import type { Product, ProductsResponse } from '@amora/shared/schemas/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Discount } from './get-discount';

/** A product as priced with a discount code: `amount` is what is charged, `original_amount` the full price. */
export type PricedProduct = Product & { original_amount?: number };
/** The answer, with the discount it was priced with (null: none applied). */
export type PricedProducts = Omit<ProductsResponse, 'products'> & {
  products: PricedProduct[];
  discount?: Discount | null;
};

export const productKeys = { all: ['products'] as const };

/**
 * GET /api/products.php: prices for the member (or, logged out, the visitor's country),
 * discounted by `discountCode` when given (409 `discount_invalid` when it cannot be used).
 */
export const productsQueryOptions = (country?: string | null, discountCode?: string | null) =>
  queryOptions({
    queryKey: [...productKeys.all, country ?? null, discountCode ?? null],
    queryFn: () => {
      const params = new URLSearchParams();
      if (country) params.set('country', country);
      if (discountCode) params.set('discount_code', discountCode);
      const query = params.toString();
      return api.get<PricedProducts>(`/api/products.php${query ? `?${query}` : ''}`);
    },
    staleTime: 5 * 60_000,
  });

export const useProducts = (
  country?: string | null,
  discountCode?: string | null,
  enabled = true,
) => useQuery({ ...productsQueryOptions(country, discountCode), enabled });
