// The operator commands' one start-up (`npm run backup`, `restore`, `erase-account`,
// `purge-demo`, `media`): their arguments or the usage, the refusals an operator reads as one
// line (exit 2, no stack trace), the media stores probed as the server's start probes them,
// and the database opened, migrated where the command works on live data, and closed after.
import pino, { type Logger } from 'pino';
import { type AppConfig, ConfigError } from './config/config.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { BackupRefusedError } from './modules/backup/backup-manifest.js';
import {
  createMediaStores,
  MediaStoreUnusableError,
  probeMediaStores,
} from './modules/media/media-stores.js';
import type { MediaStores } from './modules/media/object-store.js';

/** The command's one argument as `parse` reads it, or `usage` on stderr and exit 2. */
export function commandArgument<T>(usage: string, parse: (arg: string | undefined) => T | null): T {
  const value = parse(process.argv[2]);
  if (value === null) {
    process.stderr.write(usage);
    process.exit(2);
  }
  return value;
}

/**
 * Runs a command's work; a bad configuration, an unusable store or a refused backup or
 * restore prints its message alone and exits with 2. Anything else stays a crash.
 */
export async function runCommand(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (
      err instanceof BackupRefusedError ||
      err instanceof ConfigError ||
      err instanceof MediaStoreUnusableError
    ) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}

/** The configured media stores, each written, read back and emptied once (a wrong bucket refused). */
export async function probedMediaStores(config: AppConfig): Promise<MediaStores> {
  const stores = await createMediaStores(config);
  await probeMediaStores(stores, config);
  return stores;
}

/** Opens the configured database as it is, runs `work` and closes it, also when `work` throws. */
export async function withDatabase<T>(
  config: AppConfig,
  work: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase(config);
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

export interface CommandContext {
  config: AppConfig;
  handle: DatabaseHandle;
  stores: MediaStores;
  log: Logger;
}

/**
 * For a command on the live data, beside (or without) the server: the media stores (probed
 * when `probe`), the database migrated to this build and a logger at LOG_LEVEL for `work`.
 */
export async function openForCommand(
  config: AppConfig,
  options: { probe: boolean },
  work: (context: CommandContext) => Promise<void>,
): Promise<void> {
  const log = pino({ level: config.logLevel });
  const stores = options.probe ? await probedMediaStores(config) : await createMediaStores(config);
  await withDatabase(config, async (handle) => {
    await migrateToLatest(handle.db);
    await work({ config, handle, stores, log });
  });
}
