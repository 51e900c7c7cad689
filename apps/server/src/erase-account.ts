// `npm run erase-account -- <member id>`: erases one account for an erasure request that
// reached customer service, a banned account's included (a banned member cannot log in to
// delete it). The same erasure as a member's own deletion; a banned account keeps only the
// HMAC of its canonical address, so its mailbox stays refused at signup.
import { commandArgument, openForCommand, runCommand } from './command.js';
import { parseConfig } from './config/config.js';
import { eraseAccount } from './modules/account/account-deletion.service.js';
import { workMediaDeletesNow } from './modules/jobs/media-deletes-now.js';
import { ensureSecrets } from './modules/site/secrets.js';

const memberId = commandArgument(
  'Usage: npm run erase-account -- <member id> (as shown in the console)\n',
  (arg = '') => (/^[1-9]\d{0,15}$/.test(arg) ? Number(arg) : null),
);
await runCommand(() =>
  openForCommand(parseConfig(), { probe: false }, async ({ config, handle, stores, log }) => {
    await ensureSecrets(handle.db, config.secretKeys);
    const erased = await eraseAccount(handle.db, memberId, { statuses: ['active', 'banned'] });
    // The photos and exports leave the store now; what it refuses, the server's worker retries.
    const waiting = erased ? await workMediaDeletesNow(handle.db, stores, log) : 0;
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
  }),
);
