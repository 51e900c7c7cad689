import { z } from 'zod';
import { ORDER_STATUSES } from './orders.js';
import { personSchema } from './staff.js';

/**
 * Orders in the staff console (issue 21): searched, read with the provider's events, and
 * refunded through the provider. Admins only; only the console imports this file.
 */

export const adminOrderSchema = z.object({
  id: z.string(),
  /** Null once the member's account was erased. */
  member: personSchema.nullable(),
  product: z.string(),
  credits: z.number().int(),
  premium_days: z.number().int(),
  /** Minor units, VAT included. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(ORDER_STATUSES),
  provider: z.string(),
  method: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Paid back so far, as the provider confirmed it (minor units). */
  refunded_amount: z.number().int(),
  /** Asked of the provider by staff so far; above `refunded_amount` while it is on its way. */
  refund_requested: z.number().int(),
  /** What staff may still ask the provider to pay back (0: nothing). */
  refundable: z.number().int(),
  /** Why the order waits for a person; null when nothing is wrong. */
  flag_reason: z.string().nullable(),
  /** Flagged and not paid back in full: listed first. */
  needs_look: z.boolean(),
  /** The provider's payment (Mollie `tr_…`, Stripe `cs_…`). */
  provider_ref: z.string().nullable(),
  discount_code: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const ORDER_SEARCH_HINT = 'An order id, a provider reference, #member id or an e-mail';

export const adminOrdersQuerySchema = z.object({
  q: z.string().trim().max(200).optional().describe(ORDER_SEARCH_HINT),
  status: z.enum(ORDER_STATUSES).optional(),
  /** The last order of the page before: the list goes on after it. */
  after: z.uuid().optional(),
});
export const adminOrdersResponseSchema = z.object({
  orders: z.array(adminOrderSchema),
  /** Pass as `after` for the next page; null at the end. */
  next: z.string().nullable(),
});

/** A fact a provider reported about the order, and what the server did with it. */
export const paymentEventSchema = z.object({
  id: z.number().int(),
  received_at: z.string(),
  /** The provider's own name (`checkout.session.completed`, `paid`, `refund`, …). */
  type: z.string(),
  /** What the provider said, in our terms (`paid`, `refunded`, …). */
  reported: z.string(),
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  live: z.boolean(),
  /** What the server did: applied, ignored, flagged, unknown_order, order_mismatch. */
  outcome: z.string(),
  note: z.string().nullable(),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

export const adminOrderQuerySchema = z.object({ id: z.uuid() });
export const adminOrderDetailSchema = z.object({
  order: adminOrderSchema,
  events: z.array(paymentEventSchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** `POST /api/admin/refund.php`: pay back part or all of an order through its provider. */
export const refundRequestSchema = z
  .object({
    order: z.uuid(),
    /** Minor units (cents). */
    amount: z.number().int().positive().max(100_000_000),
    reason: z.string().trim().min(1).max(1000),
  })
  .strict();
export type RefundRequest = z.infer<typeof refundRequestSchema>;
