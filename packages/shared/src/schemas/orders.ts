import { z } from 'zod';
import { clientIdSchema } from './common.js';
import { discountSchema } from './discounts.js';

/** What can be bought: credit packages and premium plans (prices per country, server-side). */
export const PRODUCT_IDS = [
  'credits-20',
  'credits-50',
  'credits-100',
  'premium-30',
  'premium-90',
] as const;
/** Our method ids (spec section 2's `paymentMethod`); each provider maps them to its own. */
export const PAYMENT_METHODS = [
  'card',
  'ideal',
  'bancontact',
  'blik',
  'przelewy24',
  'eps',
  'paypal',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * `flagged`: the report did not match the order (amount, currency, a test payment in
 * production) and nothing was granted; a person looks at it.
 */
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'cancelled',
  'failed',
  'expired',
  'refunded',
  'partially_refunded',
  'charged_back',
  'flagged',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const productSchema = z.object({
  id: z.enum(PRODUCT_IDS),
  kind: z.enum(['credits', 'premium']),
  credits: z.number().int().describe('Credits added (0 for premium)'),
  premium_days: z.number().int().describe('Days of premium added (0 for credits)'),
  /** In minor units (cents), VAT included; discounted when the asked code applies to it. */
  amount: z.number().int(),
  /** The price without a discount (equals `amount` when none applies). */
  original_amount: z.number().int(),
  currency: z.string().length(3),
});
export type Product = z.infer<typeof productSchema>;

export const productsResponseSchema = z.object({
  products: z.array(productSchema),
  methods: z.array(z.enum(PAYMENT_METHODS)),
  /** When the logged-in member's premium ends, while it runs; else null. */
  paid_until: z.string().nullable(),
  /** Credits one message costs the caller now (0 with premium), or in that country. */
  message_credits: z.number().int().nullable(),
  /** The code `discount_code` named, when it is valid for the caller; else null. */
  discount: discountSchema.nullable(),
});
export type ProductsResponse = z.infer<typeof productsResponseSchema>;

export const productsQuerySchema = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .describe('Logged out: whose prices; logged in, the member’s country is used'),
  discount_code: z
    .string()
    .max(200)
    .optional()
    .describe('Prices with this discount code (409 `discount_invalid` when it is not valid)'),
});

/** POST /api/orders.php: credits need the waiver of the right of withdrawal (terms §7). */
export const createOrderSchema = z.object({
  product: z.enum(PRODUCT_IDS),
  method: z.enum(PAYMENT_METHODS),
  waive_withdrawal: z.boolean().optional(),
  /** One code per order; 409 `discount_invalid` when it does not apply. */
  discount_code: z.string().max(200).optional(),
  /** One per checkout (issue 44): a repeat answers the same order instead of a second one. */
  client_id: clientIdSchema.optional(),
});
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

export const orderSchema = z.object({
  id: z.string().describe('The transaction id of /transactions/{id}'),
  product: z.enum(PRODUCT_IDS),
  kind: z.enum(['credits', 'premium']),
  credits: z.number().int(),
  premium_days: z.number().int(),
  amount: z.number().int(),
  /** The price before the discount (equals `amount` without one). */
  original_amount: z.number().int(),
  discount_code: z.string().nullable(),
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(ORDER_STATUSES),
  /** Minor units paid back so far (refunds, chargebacks). */
  refunded_amount: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const createOrderResponseSchema = z.object({
  order: orderSchema,
  /** Where the browser goes to pay (the payment provider's page). */
  redirect_url: z.string(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

export const orderQuerySchema = z.object({ id: z.uuid() });
export const orderResponseSchema = z.object({
  order: orderSchema,
  /** The member's balance and premium end now, to show beside a paid order. */
  credits: z.number().int(),
  paid_until: z.string().nullable(),
  /** Credits a refund took back that the balance did not cover: the next purchase settles them. */
  credits_owed: z.number().int(),
});
export type OrderResponse = z.infer<typeof orderResponseSchema>;

/** GET /api/last-order.php: what `/credits/repeat-order` buys again. */
export const lastOrderResponseSchema = z.object({ order: orderSchema.nullable() });
export type LastOrderResponse = z.infer<typeof lastOrderResponseSchema>;
