import type { OrderStatus } from '@amora/shared/schemas/orders';

/**
 * An order's status once money went back to the payer, from the amounts: a chargeback makes
 * it `charged_back`, a refund of the whole amount `refunded`; a part of it leaves `partly`:
 * `partially_refunded` on an order that granted, `flagged` on one that granted nothing (it
 * waits for a person until it is paid back in full).
 */
export function paidBackStatus(
  amount: number,
  refunded: number,
  { charge, partly }: { charge: boolean; partly: 'partially_refunded' | 'flagged' },
): OrderStatus {
  if (charge) return 'charged_back';
  return refunded >= amount ? 'refunded' : partly;
}

/**
 * Credits a refund of `refunded` (cumulative, minor units) takes back in all: the order's
 * share, rounded up. Computed on the running total, so several partial refunds never take
 * back more than the order granted.
 */
export const creditsTakenBack = (credits: number, refunded: number, amount: number) =>
  Math.min(credits, Math.ceil((credits * refunded) / amount));
