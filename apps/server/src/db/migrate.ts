import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import * as initial from './migrations/2026112101-initial.js';
import * as chatsAndLikes from './migrations/2026112201-chats-and-likes.js';
import * as outboxAndTokens from './migrations/2026112202-outbox-and-tokens.js';
import * as signupAndPush from './migrations/2026112203-signup-and-push.js';
import * as search from './migrations/2026112204-search.js';
import * as account from './migrations/2026112205-account.js';
import * as notifications from './migrations/2026112206-notifications.js';
import * as serviceRequests from './migrations/2026112207-service-requests.js';
import * as orders from './migrations/2026112208-orders.js';
import * as loginFailures from './migrations/2026112209-login-failures.js';
import * as hourlyCounters from './migrations/2026112210-hourly-counters.js';
import * as paymentsExactlyOnce from './migrations/2026112211-payments-exactly-once.js';
import * as discountCodes from './migrations/2026112212-discount-codes.js';
import * as safety from './migrations/2026112401-safety.js';
import * as photoScreening from './migrations/2026112402-photo-screening.js';
import * as erasure from './migrations/2026112403-erasure.js';
import * as dataExports from './migrations/2026112404-data-exports.js';
import * as staff from './migrations/2026112501-staff.js';
import * as settingsVersion from './migrations/2026112502-settings-version.js';
import * as discountPause from './migrations/2026112503-discount-pause.js';
import * as dashboardIndexes from './migrations/2026112504-dashboard-indexes.js';
import * as figuresAndRefunds from './migrations/2026112505-figures-and-refunds.js';
import * as demoReplies from './migrations/2026112506-demo-replies.js';
import * as memberChanged from './migrations/2026112601-member-changed.js';
import * as searchContextChanged from './migrations/2026112701-search-context-changed.js';
import * as securityReview from './migrations/2026112801-security-review.js';
import * as banEvasion from './migrations/2026112901-ban-evasion.js';
import * as discountReservations from './migrations/2026112902-discount-reservations.js';
import * as mediaDelete from './migrations/2026112903-media-delete.js';
import * as repeatableSends from './migrations/2026112905-repeatable-sends.js';
import * as privateMedia from './migrations/2026112906-private-media.js';
import * as chatLiveSigns from './migrations/2026112907-chat-live-signs.js';
import * as verification from './migrations/2026112908-verification.js';
import * as verifiedContact from './migrations/2026112909-verified-contact.js';

/** Every migration, in order. Listed statically so the built server needs no file scanning. */
const MIGRATIONS: Record<string, Migration> = {
  '2026112101-initial': initial,
  '2026112201-chats-and-likes': chatsAndLikes,
  '2026112202-outbox-and-tokens': outboxAndTokens,
  '2026112203-signup-and-push': signupAndPush,
  '2026112204-search': search,
  '2026112205-account': account,
  '2026112206-notifications': notifications,
  '2026112207-service-requests': serviceRequests,
  '2026112208-orders': orders,
  '2026112209-login-failures': loginFailures,
  '2026112210-hourly-counters': hourlyCounters,
  '2026112211-payments-exactly-once': paymentsExactlyOnce,
  '2026112212-discount-codes': discountCodes,
  '2026112401-safety': safety,
  '2026112402-photo-screening': photoScreening,
  '2026112403-erasure': erasure,
  '2026112404-data-exports': dataExports,
  '2026112501-staff': staff,
  '2026112502-settings-version': settingsVersion,
  '2026112503-discount-pause': discountPause,
  '2026112504-dashboard-indexes': dashboardIndexes,
  '2026112505-figures-and-refunds': figuresAndRefunds,
  '2026112506-demo-replies': demoReplies,
  '2026112601-member-changed': memberChanged,
  '2026112701-search-context-changed': searchContextChanged,
  '2026112801-security-review': securityReview,
  '2026112901-ban-evasion': banEvasion,
  '2026112902-discount-reservations': discountReservations,
  '2026112903-media-delete': mediaDelete,
  '2026112905-repeatable-sends': repeatableSends,
  '2026112906-private-media': privateMedia,
  '2026112907-chat-live-signs': chatLiveSigns,
  '2026112908-verification': verification,
  '2026112909-verified-contact': verifiedContact,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * Whether exactly these migrations are recorded, the usual case of a restart: one query,
 * where Kysely's migrator inspects the catalog, takes its lock and reads the table in a
 * transaction (a few hundred ms of a warm PGlite start, issue 24). Anything else (a fresh
 * database, a pending or an unknown migration) goes through the migrator as before.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any typed Kysely instance.
async function allApplied(db: Kysely<any>): Promise<boolean> {
  const names = Object.keys(MIGRATIONS);
  try {
    const { rows } = await sql<{ name: string }>`
      select name from kysely_migration order by name`.execute(db);
    return rows.length === names.length && rows.every((row, i) => row.name === names[i]);
  } catch {
    return false; // no migration table yet
  }
}

/** Brings the schema to the newest version; throws with the failing migration's name. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any typed Kysely instance.
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  if (await allApplied(db)) return [];
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? []).map((r) => r.migrationName);
}
