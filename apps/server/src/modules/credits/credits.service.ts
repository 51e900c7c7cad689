import { type CreditsResponse, LEDGER_PAGE_SIZE } from '@amora/shared/schemas/credits';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/config.js';
import type { Database } from '../../db/schema.js';
import { notLoggedIn } from '../../lib/errors.js';
import { findWallet, listLedger } from './credit-ledger.repository.js';
import { messageCredits } from './message-cost.js';

/** `GET /api/credits.php`: the member's balance, their message price and a ledger page. */
export async function creditsOverview(
  db: Kysely<Database>,
  prices: AppConfig['messageCredits'],
  memberId: number,
  before?: number,
): Promise<CreditsResponse> {
  const [member, rows] = await Promise.all([
    findWallet(db, memberId),
    listLedger(db, memberId, {
      limit: LEDGER_PAGE_SIZE + 1,
      ...(before !== undefined && { beforeId: before }),
    }),
  ]);
  if (!member) throw notLoggedIn();
  return {
    credits: member.credits,
    paid_user: member.paid,
    message_credits: messageCredits(prices, { country: member.country, paid: member.paid }),
    credits_owed: member.credits_owed,
    ledger: rows.slice(0, LEDGER_PAGE_SIZE).map((row) => ({
      id: row.id,
      amount: row.amount,
      reason: row.reason,
      created_at: row.createdAt.toISOString(),
    })),
    has_more: rows.length > LEDGER_PAGE_SIZE,
  };
}
