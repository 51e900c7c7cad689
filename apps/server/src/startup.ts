import { REPORT_RETENTION_DAYS } from '@amora/shared/schemas/safety';
import { VERIFICATION_SELFIE_DAYS } from '@amora/shared/schemas/verification';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from './config/config.js';
import type { DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { eraseDeletedAddresses } from './modules/account/erased-email.js';
import { pruneFailures } from './modules/auth/login-failures.repository.js';
import { hashPassword } from './modules/auth/password.js';
import { moveFlaggedOriginals } from './modules/images/private-originals.js';
import { pruneHourlyCounters } from './modules/limits/hourly-counter.repository.js';
import type { MediaStores } from './modules/media/object-store.js';
import { seedConfiguredCodes } from './modules/payments/discounts.js';
import { pruneExports } from './modules/privacy/data-export.service.js';
import { pruneByRetention } from './modules/retention/retention.js';
import { moveReportEvidence } from './modules/safety/evidence-move.js';
import { pruneClosedReports } from './modules/safety/reports.repository.js';
import { ensureDemoAccount } from './modules/seed/demo-account.js';
import { ensureDemoAdmin } from './modules/seed/demo-admin.js';
import { countDemoData } from './modules/seed/demo-data.js';
import { companyPlaceholderWarning } from './modules/site/company-placeholders.js';
import { ensureSecrets } from './modules/site/secrets.js';
import { ensureSiteDefaults, readCompanyInfo } from './modules/site/site.repository.js';
import { pruneAuditLog } from './modules/staff/audit-log.repository.js';
import { pruneDecidedSelfies } from './modules/verification/verification.repository.js';

/**
 * Drops what no rule needs any more (at start, then hourly on every instance): the retention
 * schedule (sessions, mail records, open tabs, links, attempts), the limits' records no
 * window counts, reports closed longer ago than their evidence is kept, audit log entries
 * past their two years, and verification selfies 30 days after the decision (docs/privacy.md).
 */
export async function pruneExpiredRecords(
  db: DatabaseHandle['db'],
  media: MediaStores,
): Promise<void> {
  await pruneByRetention(db);
  await pruneExports(db, media.exports);
  await pruneFailures(db);
  await pruneHourlyCounters(db);
  await pruneClosedReports(db, REPORT_RETENTION_DAYS);
  await pruneAuditLog(db);
  await pruneDecidedSelfies(db, VERIFICATION_SELFIE_DAYS);
}

/** The data or the keys do not fit this start: the message says what to do. */
export class StartupError extends Error {}

/**
 * Everything between opening the database and serving: migrations, default settings,
 * and demo members when the database has none. A restart on the same data keeps every row.
 */
export async function prepareData(
  handle: DatabaseHandle,
  config: AppConfig,
  media: MediaStores,
  log: FastifyBaseLogger,
): Promise<{ demoEmail: string | null; adminEmail: string | null }> {
  const { db } = handle;
  const applied = await migrateToLatest(db);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  await ensureSiteDefaults(db);
  await ensureSecrets(db, config.secretKeys);
  const erased = await eraseDeletedAddresses(db);
  if (erased > 0) log.info({ accounts: erased }, 'addresses of deleted accounts erased');
  await seedConfiguredCodes(db, config.discounts.seeded);
  await pruneExpiredRecords(db, media);
  // What earlier versions kept with a public address or in rows moves to the private store.
  await moveFlaggedOriginals(db, media, log);
  await moveReportEvidence(db, media.private, log);

  if (config.mode === 'production') {
    const demo = await countDemoData(db);
    if (demo.fictional > 0 || demo.demoAccount) {
      throw new StartupError(
        `This database holds demo data (${demo.fictional} fictional members` +
          `${demo.demoAccount ? ' and the demo login' : ''}), which production never shows. ` +
          'Remove it with `npm run purge-demo` (same environment), then start again.',
      );
    }
    // Members would read a made-up KvK, VAT number and phone in every footer: said at every
    // start until an admin replaces them (the start goes on).
    const placeholders = companyPlaceholderWarning(await readCompanyInfo(db), config.publicUrl);
    if (placeholders) log.warn(placeholders);
  }
  if (config.seedMembers === 0) return { demoEmail: null, adminEmail: null };
  const { n } = await sql<{ n: number }>`select count(*)::int as n from members`
    .execute(db)
    .then((r) => r.rows[0] ?? { n: 0 });
  if (n === 0) {
    log.info({ count: config.seedMembers }, 'seeding demo members (first start only)');
    // The generators (faker, the portraits) load only for the first start: later starts skip them.
    const { seedMembers } = await import('./modules/seed/seed-members.js');
    await seedMembers(db, {
      count: config.seedMembers,
      uploads: media.uploads,
      log: (message) => log.info(message),
    });
  }
  const { email } = await ensureDemoAccount(db, {
    uploads: media.uploads,
    passwordHash: () => hashPassword(config.demoPassword),
  });
  const admin = await ensureDemoAdmin(db, () => hashPassword(config.demoPassword));
  return { demoEmail: email, adminEmail: admin.email };
}
