import { z } from 'zod';

/**
 * Discount codes (spec sections 3, 7, 8; docs/decisions/032). `welcome`: the member's own
 * code for the first days after signup; `time_bonus`: the first hours after signup;
 * `campaign`: a code for anyone (made in the operator console or `DISCOUNT_CODES`);
 * `personal`: one member's own other code (the deletion dialog's "stay" offer).
 */
export const DISCOUNT_KINDS = ['welcome', 'time_bonus', 'campaign', 'personal'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** Which products a code lowers: credits and premium, premium only, or credits only. */
export const DISCOUNT_COVERS = ['both', 'premium', 'credits'] as const;
export type DiscountCovers = (typeof DISCOUNT_COVERS)[number];

export const discountSchema = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** What the code lowers, so that the banner names it (issue 42). */
  covers: z.enum(DISCOUNT_COVERS),
  /** Percent off, 1–100: amount × (100 − percent) / 100, rounded half up. */
  percent: z.number().int(),
  /** When the code stops working (ISO). */
  expires_at: z.string(),
});
export type Discount = z.infer<typeof discountSchema>;

/** A query value that may come once or repeated; anything else in the query is ignored. */
const queryText = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (Array.isArray(v) ? v[0] : v));

/** GET /api/discountcode.php: the page's free-form query; unknown parameters are ignored. */
export const discountQuerySchema = z.looseObject({
  welcome: queryText.describe('`true`: the member’s welcome code'),
  code: queryText.describe('A code the page names (a campaign link’s `?code=`)'),
});

/** POST /api/discountcode.php: the deletion dialog's "stay and get N% off premium". */
export const discountOfferSchema = z.object({ offer: z.literal('stay') });
