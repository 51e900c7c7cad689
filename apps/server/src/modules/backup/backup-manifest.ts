import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { DatabaseKind } from '../../db/handle.js';

/** The file in a backup folder that says what the folder holds; written last. */
export const MANIFEST_FILE = 'manifest.json';
/** The database's part of a backup: PGlite's data-dir tarball or a custom-format pg_dump. */
export const DATABASE_FILE: Record<DatabaseKind, string> = {
  pglite: 'pgdata.tar.gz',
  postgres: 'database.pgdump',
};
/** Where an object of a store lies in the backup folder: `media/<store>/<name>`. */
export const MEDIA_STORES = ['uploads', 'exports', 'private'] as const;
export type MediaStoreName = (typeof MEDIA_STORES)[number];
export const mediaPath = (dir: string, store: MediaStoreName, name: string) =>
  join(dir, 'media', store, name);

/**
 * Read from a folder that may have been copied around, edited or cut short: every field is
 * checked before a restore trusts it. Version 1 is the layout written by `npm run backup`.
 */
export const backupManifestSchema = z.object({
  version: z.literal(1),
  createdAt: z.string(),
  appVersion: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** The newest applied migration: a restore into an older app would not know it. */
    migration: z.string().nullable(),
    /** `server_version_num` of the dumped server (pg_restore must be that major or newer). */
    serverVersion: z.number().int().nullable(),
    file: z.string(),
    /** Rows per table (`schema.table`), counted in the dump's own snapshot. */
    rowCounts: z.record(z.string(), z.number().int().min(0)),
  }),
  media: z.object({
    uploads: z.record(z.string(), z.object({ size: z.number().int(), sha256: z.string() })),
    exports: z.record(z.string(), z.object({ size: z.number().int(), sha256: z.string() })),
    /** The private pictures (decision 059); a backup written before them has none. */
    private: z
      .record(z.string(), z.object({ size: z.number().int(), sha256: z.string() }))
      .default({}),
  }),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;

export function writeManifest(dir: string, manifest: BackupManifest): void {
  writeFileSync(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The folder's manifest, or an Error whose message says what is wrong with it. */
export function readManifest(dir: string): BackupManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
  } catch (err) {
    throw new BackupRefusedError(
      `${join(dir, MANIFEST_FILE)} is missing or no JSON (${(err as Error).message}): not a backup folder of npm run backup`,
    );
  }
  const parsed = backupManifestSchema.safeParse(raw);
  if (!parsed.success) {
    throw new BackupRefusedError(
      `${join(dir, MANIFEST_FILE)} is not a manifest of npm run backup: ${parsed.error.issues
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  }
  return parsed.data;
}

/** A backup or restore the command will not start: the message says why, with no stack. */
export class BackupRefusedError extends Error {}
