// `npm run restore -- DIR` (run it with the environment the restored server will have):
// restores a folder of `npm run backup` into an EMPTY database and EMPTY stores of the same
// kind, then checks every table's row count and every object's checksum against the
// manifest. Exit 2: refused before anything was written; exit 1: restored, but it differs.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { commandArgument, probedMediaStores, runCommand, withDatabase } from './command.js';
import { parseConfig } from './config/config.js';
import { BackupRefusedError, readManifest } from './modules/backup/backup-manifest.js';
import {
  assertStoresEmpty,
  checkBackupMedia,
  restoreMedia,
  verifyStores,
} from './modules/backup/media-copy.js';
import { assertPgliteEmpty, restorePglite } from './modules/backup/pglite-dump.js';
import { assertPostgresEmpty, restorePostgres } from './modules/backup/postgres-dump.js';
import { compareCounts, countRows, latestMigration } from './modules/backup/table-counts.js';

const out = (line: string) => process.stdout.write(`${line}\n`);
const dir = commandArgument(
  'Usage: npm run restore -- DIR   (a folder written by npm run backup)\n',
  (arg) => (arg ? resolve(arg) : null),
);

await runCommand(async () => {
  const manifest = readManifest(dir);
  const config = parseConfig();
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new BackupRefusedError(
      `${dir} holds a ${manifest.database.kind} backup and this environment names a ${kind} ` +
        `database (${kind === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is unset'}): ` +
        'a restore goes into a database of the same kind.',
    );
  }
  const file = join(dir, manifest.database.file);
  if (!existsSync(file))
    throw new BackupRefusedError(`${file} is missing: the backup is not whole.`);
  // The folder is checked whole before anything is written.
  const damaged = checkBackupMedia(dir, manifest.media);
  if (damaged.length > 0) {
    throw new BackupRefusedError(
      `The backup's media differ from its manifest:\n${damaged.join('\n')}`,
    );
  }
  const stores = await probedMediaStores(config);
  const where =
    config.media.kind === 's3'
      ? `bucket ${config.media.bucket}`
      : `${config.uploadsDir}, ${config.privateDir} and ${config.exportsDir}`;
  await assertStoresEmpty(stores, where);

  const started = performance.now();
  const pgdata = join(config.dataDir, 'pgdata');
  let restored: { rowCounts: Record<string, number>; migration: string | null };
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    restored = await withDatabase(config, async (handle) => {
      await assertPostgresEmpty(handle.db, url);
      await restorePostgres(handle.db, url, file);
      return {
        rowCounts: await countRows(handle.db),
        migration: await latestMigration(handle.db),
      };
    });
  } else {
    assertPgliteEmpty(pgdata);
    restored = await restorePglite(pgdata, file);
  }
  const objects = await restoreMedia(stores, dir, manifest.media);
  const problems = [
    ...compareCounts(manifest.database.rowCounts, restored.rowCounts),
    ...(restored.migration === manifest.database.migration
      ? []
      : [`migration: ${restored.migration}, the manifest says ${manifest.database.migration}`]),
    ...(await verifyStores(stores, manifest.media)),
  ];
  for (const line of problems) out(line);
  const target = config.databaseUrl ? 'PostgreSQL database' : `PGlite database in ${pgdata}`;
  if (problems.length > 0) {
    out(`The restore into the ${target} differs from the manifest (above).`);
    process.exitCode = 1;
  } else {
    out(
      `Restored ${Object.keys(restored.rowCounts).length} tables into the ${target} and ` +
        `${objects} objects into the ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
        'row counts and checksums match the manifest.',
    );
  }
});
