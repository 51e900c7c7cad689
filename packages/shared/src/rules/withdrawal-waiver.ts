/**
 * The right of withdrawal (terms §7): credits are delivered at once, so their buyer must
 * waive it at the checkout; premium keeps it. The checkout form shows and requires the
 * waiver, and `POST /api/orders.php` refuses an order without it (400
 * `withdrawal_waiver_required`), both through these two functions.
 */
export const needsWithdrawalWaiver = (kind: 'credits' | 'premium'): boolean => kind === 'credits';

/** Whether an order of `kind` lacks the waiver it needs. */
export const lacksWithdrawalWaiver = (
  kind: 'credits' | 'premium',
  waived: boolean | undefined,
): boolean => needsWithdrawalWaiver(kind) && waived !== true;
