import { z } from 'zod';
import { idSchema } from './common.js';

/** Ledger rows per page on /credits. */
export const LEDGER_PAGE_SIZE = 20;

export const CREDIT_REASONS = [
  'welcome',
  'message',
  'purchase',
  'opening',
  'refund',
  'chargeback',
  'adjustment',
] as const;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  /** Positive in, negative out. */
  amount: z.number().int(),
  reason: z.enum(CREDIT_REASONS),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const creditsQuerySchema = z.object({ before: idSchema.optional() });

/** `GET /api/credits.php`: the balance, what a message costs me, and the ledger, newest first. */
export const creditsResponseSchema = z.object({
  credits: z.number().int(),
  paid_user: z.boolean(),
  /** Credits one message costs the caller (0 for a paid member). */
  message_credits: z.number().int(),
  /** Credits a refund took back that the balance could not cover; the next purchase pays them. */
  credits_owed: z.number().int(),
  ledger: z.array(ledgerEntrySchema),
  has_more: z.boolean(),
});
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;

/** `POST /api/dev/credits.php` (demo only): the balance after the developer panel zeroed it. */
export const zeroCreditsResponseSchema = z.object({ credits: z.number().int() });
export type ZeroCreditsResponse = z.infer<typeof zeroCreditsResponseSchema>;
