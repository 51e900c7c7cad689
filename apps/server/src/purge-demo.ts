// `npm run purge-demo`: removes the demo's fictional members and demo login (with their
// photos and conversations) from the configured database, so it can serve in production.
import { parseConfig } from './config/config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createMediaStores } from './modules/media/media-stores.js';
import { purgeDemoData } from './modules/seed/demo-data.js';

const config = parseConfig();
const media = await createMediaStores(config);
const handle = await openDatabase(config);
try {
  await migrateToLatest(handle.db);
  const removed = await purgeDemoData(handle.db, media.uploads);
  process.stdout.write(
    `Removed ${removed.members} demo members, ${removed.conversations} conversations ` +
      `and ${removed.files} photo files from the ${handle.kind} database.\n`,
  );
} finally {
  await handle.close();
}
