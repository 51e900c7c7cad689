import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { contentTypeOf, type MediaStores } from '../media/object-store.js';
import {
  type BackupManifest,
  BackupRefusedError,
  MEDIA_STORES,
  mediaPath,
} from './backup-manifest.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Copies every object of the three stores into `dir/media/<store>/`, with its checksum. Objects
 * are read one at a time: a store of many photos costs time, not memory.
 */
export async function backupMedia(
  stores: MediaStores,
  dir: string,
): Promise<BackupManifest['media']> {
  const media: BackupManifest['media'] = { uploads: {}, exports: {}, private: {} };
  for (const store of MEDIA_STORES) {
    mkdirSync(dirname(mediaPath(dir, store, 'x')), { recursive: true });
    for await (const { name } of stores[store].list()) {
      const bytes = await stores[store].get(name);
      writeFileSync(mediaPath(dir, store, name), bytes);
      media[store][name] = { size: bytes.length, sha256: sha256(bytes) };
    }
  }
  return media;
}

/** Refuses a store that holds any object, naming the store and one object. */
export async function assertStoresEmpty(stores: MediaStores, where: string): Promise<void> {
  for (const store of MEDIA_STORES) {
    for await (const { name } of stores[store].list()) {
      throw new BackupRefusedError(
        `The ${store} store (${where}) is not empty (it holds ${name}, among others): ` +
          'a restore writes only into an empty store.',
      );
    }
  }
}

/** Lines naming every object of the backup folder whose bytes are not the manifest's. */
export function checkBackupMedia(dir: string, manifest: BackupManifest['media']): string[] {
  const problems: string[] = [];
  for (const store of MEDIA_STORES) {
    for (const [name, { sha256: expected }] of Object.entries(manifest[store])) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(mediaPath(dir, store, name));
      } catch {
        problems.push(`${store}/${name}: missing from the backup folder`);
        continue;
      }
      if (sha256(bytes) !== expected) problems.push(`${store}/${name}: checksum differs`);
    }
  }
  return problems;
}

/** Writes every object of the manifest from the backup folder into the stores. */
export async function restoreMedia(
  stores: MediaStores,
  dir: string,
  manifest: BackupManifest['media'],
): Promise<number> {
  let written = 0;
  for (const store of MEDIA_STORES) {
    for (const name of Object.keys(manifest[store])) {
      await stores[store].put(name, readFileSync(mediaPath(dir, store, name)), contentTypeOf(name));
      written += 1;
    }
  }
  return written;
}

/**
 * Reads the restored stores back: lines naming every object that is missing, differs from
 * the manifest or is there without being in it.
 */
export async function verifyStores(
  stores: MediaStores,
  manifest: BackupManifest['media'],
): Promise<string[]> {
  const problems: string[] = [];
  for (const store of MEDIA_STORES) {
    const seen = new Set<string>();
    for await (const { name } of stores[store].list()) {
      seen.add(name);
      const entry = manifest[store][name];
      if (!entry) problems.push(`${store}/${name}: in the store, not in the manifest`);
      else if (sha256(await stores[store].get(name)) !== entry.sha256) {
        problems.push(`${store}/${name}: the stored bytes differ from the manifest's checksum`);
      }
    }
    for (const name of Object.keys(manifest[store])) {
      if (!seen.has(name)) problems.push(`${store}/${name}: not in the store after the restore`);
    }
  }
  return problems;
}
