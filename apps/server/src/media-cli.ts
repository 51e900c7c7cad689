// `npm run media -- move | check` (run it with the same environment as the server):
// `move` copies the local uploads folder and pending exports into the bucket that
// MEDIA_STORE=s3 and the S3_ variables name; `check` compares the configured store with the
// database and exits with 1 when a row names a missing object or an object has no row.
import { commandArgument, openForCommand, runCommand } from './command.js';
import { parseConfig } from './config/config.js';
import { checkMedia, describeCheck } from './modules/images/media-check.js';
import { moveMedia } from './modules/images/media-move.js';
import { createMediaStores } from './modules/media/media-stores.js';

const USAGE =
  'Usage: npm run media -- move    copy the local uploads, private pictures and pending exports into the bucket\n' +
  '       npm run media -- check   list rows whose object is missing and objects no row names\n';

const command = commandArgument(USAGE, (arg) => (arg === 'move' || arg === 'check' ? arg : null));
const out = (line: string) => process.stdout.write(`${line}\n`);

await runCommand(async () => {
  const config = parseConfig();
  const bucket = config.media.kind === 's3' ? config.media.bucket : null;
  if (command === 'move' && !bucket) {
    process.stderr.write(
      'npm run media -- move copies into a bucket: set MEDIA_STORE=s3 and the S3_ variables ' +
        'as the instances will have them (docs/deploy.md, "Media storage").\n',
    );
    process.exit(2);
  }
  await openForCommand(config, { probe: true }, async ({ handle, stores }) => {
    if (command === 'move') {
      const local = await createMediaStores({ ...config, media: { kind: 'local' } });
      const moved = await moveMedia({ db: handle.db, from: local, to: stores, log: out });
      for (const name of moved.skipped) out(`skipped: ${name} (no photo can have this name)`);
      for (const name of moved.absent) out(`not in ${config.exportsDir}: ${name}`);
      out(
        `${moved.copied} copied, ${moved.present} were in bucket ${bucket} already. ` +
          `Nothing local was removed: remove ${config.uploadsDir}, ${config.privateDir} and ` +
          `${config.exportsDir} ` +
          'once `npm run media -- check` (with MEDIA_STORE=s3) reports nothing missing.',
      );
    } else {
      const report = await checkMedia(handle.db, stores);
      const where = bucket ? `bucket ${bucket}` : 'local folders';
      out(`Checking the ${where} against the ${handle.kind} database.`);
      for (const line of describeCheck(report)) out(line);
      if (report.missing.length > 0 || report.strays.length > 0) process.exitCode = 1;
    }
  });
});
