// `npm run purge-demo`: removes the demo's fictional members and demo login (with their
// photos and conversations) from the configured database, so it can serve in production.
import pino from 'pino';
import { parseConfig } from './config/config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { workMediaDeletesNow } from './modules/jobs/media-deletes-now.js';
import { createMediaStores } from './modules/media/media-stores.js';
import { purgeDemoData } from './modules/seed/demo-data.js';

const config = parseConfig();
const log = pino({ level: config.logLevel });
const media = await createMediaStores(config);
const handle = await openDatabase(config);
try {
  await migrateToLatest(handle.db);
  const removed = await purgeDemoData(handle.db);
  const waiting = await workMediaDeletesNow(handle.db, media, log);
  process.stdout.write(
    `Removed ${removed.members} demo members, ${removed.conversations} conversations ` +
      `and ${removed.files} photo files from the ${handle.kind} database.\n`,
  );
  if (waiting > 0) {
    process.stdout.write(
      `${waiting} media removal jobs failed for now: the server retries them.\n`,
    );
  }
} finally {
  await handle.close();
}
