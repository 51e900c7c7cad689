// `npm run backup -- DIR` (run it with the same environment as the server): writes the
// database (PGlite's data-dir tarball, or a custom-format pg_dump) and every object of the
// uploads, private and exports stores into DIR, with manifest.json (rows per table, a sha256 per
// object). A PGlite database needs the server stopped; PostgreSQL may keep serving.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { commandArgument, probedMediaStores, runCommand, withDatabase } from './command.js';
import { parseConfig } from './config/config.js';
import {
  type BackupManifest,
  BackupRefusedError,
  DATABASE_FILE,
  writeManifest,
} from './modules/backup/backup-manifest.js';
import { backupMedia } from './modules/backup/media-copy.js';
import { dumpPglite } from './modules/backup/pglite-dump.js';
import { dumpPostgres } from './modules/backup/postgres-dump.js';

const out = (line: string) => process.stdout.write(`${line}\n`);
const dir = commandArgument('Usage: npm run backup -- DIR   (DIR new or empty)\n', (arg) =>
  arg ? resolve(arg) : null,
);

await runCommand(async () => {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new BackupRefusedError(`${dir} is not empty: a backup goes into a new or empty folder.`);
  }
  const config = parseConfig();
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const stores = await probedMediaStores(config);
  mkdirSync(dir, { recursive: true });
  const file = DATABASE_FILE[kind];
  const started = performance.now();
  let database: BackupManifest['database'];
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    const { version, ...dumped } = await withDatabase(config, (handle) =>
      dumpPostgres(handle.db, url, join(dir, file)),
    );
    database = { kind, file, ...dumped, serverVersion: version };
  } else {
    const dumped = await dumpPglite(join(config.dataDir, 'pgdata'), join(dir, file));
    database = { kind, file, ...dumped, serverVersion: null };
  }
  // Listed after the dump: every object a dumped row names was written before its row, so
  // it is in the listing. Objects uploaded meanwhile are copied too (rows of the dump do
  // not name them); an object removed meanwhile may be missing (`npm run media -- check`
  // after a restore names both).
  const media = await backupMedia(stores, dir);
  const appVersion = (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version;
  writeManifest(dir, {
    version: 1,
    createdAt: new Date().toISOString(),
    appVersion,
    database,
    media,
  });
  const rows = Object.values(database.rowCounts).reduce((a, b) => a + b, 0);
  out(
    `Backed up the ${kind} database (${Object.keys(database.rowCounts).length} tables, ` +
      `${rows} rows, migration ${database.migration}), ${Object.keys(media.uploads).length} ` +
      `uploads, ${Object.keys(media.private).length} private pictures and ` +
      `${Object.keys(media.exports).length} exports into ${dir} in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (kind === 'postgres') {
    out('The media were listed after the dump: objects uploaded meanwhile are in it too.');
  }
});
