import { ApiError } from '@/lib/api-client';
import { useProducts } from '../api/get-products';
import type { ActiveDiscount } from './use-active-discount';

/**
 * The products priced with the active code, so the price shown is the price charged. Asked
 * once the code is known (no full price flashing first); a code the server refuses (409
 * `discount_invalid`) gives way to the full prices, with the refusal to show.
 */
export function useDiscountedProducts(country: string | null | undefined, active: ActiveDiscount) {
  const code = active.discount?.code ?? null;
  const priced = useProducts(country, code, active.settled);
  const refused = code !== null && priced.error instanceof ApiError && priced.error.status === 409;
  const plain = useProducts(country, null, refused);
  return { query: refused ? plain : priced, refusal: refused ? priced.error : null };
}
