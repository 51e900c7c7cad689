// `npm run purge-demo`: removes the demo's fictional members and demo login (with their
// photos and conversations) from the configured database, so it can serve in production.
import { openForCommand, runCommand } from './command.js';
import { parseConfig } from './config/config.js';
import { workMediaDeletesNow } from './modules/jobs/media-deletes-now.js';
import { purgeDemoData } from './modules/seed/demo-data.js';

await runCommand(() =>
  openForCommand(parseConfig(), { probe: false }, async ({ handle, stores, log }) => {
    const removed = await purgeDemoData(handle.db);
    const waiting = await workMediaDeletesNow(handle.db, stores, log);
    process.stdout.write(
      `Removed ${removed.members} demo members, ${removed.conversations} conversations ` +
        `and ${removed.files} photo files from the ${handle.kind} database.\n`,
    );
    if (waiting > 0) {
      process.stdout.write(
        `${waiting} media removal jobs failed for now: the server retries them.\n`,
      );
    }
  }),
);
