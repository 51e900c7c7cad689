// `npm run erase-account -- <member id>`: erases one account for an erasure request that
// reached customer service, a banned account's included (a banned member cannot log in to
// delete it). The same erasure as a member's own deletion; a banned account keeps only the
// HMAC of its canonical address, so its mailbox stays refused at signup.
import pino from 'pino';
import { parseConfig } from './config/config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { eraseAccount } from './modules/account/account-deletion.service.js';
import { workMediaDeletesNow } from './modules/jobs/media-deletes-now.js';
import { createMediaStores } from './modules/media/media-stores.js';
import { ensureSecrets } from './modules/site/secrets.js';

const arg = process.argv[2] ?? '';
const memberId = /^[1-9]\d{0,15}$/.test(arg) ? Number(arg) : null;
if (memberId === null) {
  process.stderr.write('Usage: npm run erase-account -- <member id> (as shown in the console)\n');
  process.exit(2);
}
const config = parseConfig();
const log = pino({ level: config.logLevel });
const media = await createMediaStores(config);
const handle = await openDatabase(config);
try {
  await migrateToLatest(handle.db);
  await ensureSecrets(handle.db, config.secretKeys);
  const erased = await eraseAccount(handle.db, memberId, { statuses: ['active', 'banned'] });
  // The photos and exports leave the store now; what it refuses, the server's worker retries.
  const waiting = erased ? await workMediaDeletesNow(handle.db, media, log) : 0;
  process.stdout.write(
    erased
      ? `Member ${memberId} erased from the ${handle.kind} database.\n`
      : `No active or banned member ${memberId} in the ${handle.kind} database: nothing erased.\n`,
  );
  if (waiting > 0) {
    process.stdout.write(
      `${waiting} media removal jobs failed for now: the server retries them.\n`,
    );
  }
  if (!erased) process.exitCode = 1;
} finally {
  await handle.close();
}
