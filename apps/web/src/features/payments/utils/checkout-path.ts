/** `/credits/{creditId}` (spec section 2), carrying the code its price was shown with. */
export const checkoutPath = (productId: string, code: string | null | undefined) =>
  `/credits/${productId}${code ? `?code=${encodeURIComponent(code)}` : ''}`;
