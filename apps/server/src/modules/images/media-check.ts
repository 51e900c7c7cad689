import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MediaStores, ObjectStore } from '../media/object-store.js';
import {
  exportReferences,
  type ObjectReference,
  privateReferences,
  uploadReferences,
} from './image-names.repository.js';

type StoreName = keyof MediaStores;

export interface CheckReport {
  /** Objects listed per store. */
  listed: Record<StoreName, number>;
  /** Rows naming an object their store does not hold. */
  missing: { store: StoreName; name: string; row: string }[];
  /** Objects no row names. */
  strays: { store: StoreName; name: string; size: number }[];
}

const REFERENCES: Record<StoreName, (db: Kysely<Database>) => AsyncIterable<ObjectReference>> = {
  uploads: uploadReferences,
  exports: exportReferences,
  private: privateReferences,
};

async function referencesOf(db: Kysely<Database>, store: StoreName) {
  const byName = new Map<string, ObjectReference[]>();
  for await (const ref of REFERENCES[store](db)) {
    const refs = byName.get(ref.name);
    if (refs) refs.push(ref);
    else byName.set(ref.name, [ref]);
  }
  return byName;
}

async function listing(store: ObjectStore) {
  const found = new Map<string, number>();
  for await (const { name, size } of store.list()) found.set(name, size);
  return found;
}

/**
 * `npm run media -- check`: compares each store with the names the database holds. The
 * database is read before and after the listing and only what both readings agree on is
 * reported, so a photo uploaded (object first, then its row) or removed (row first, then its
 * object) while the site runs is neither missing nor stray.
 */
export async function checkMedia(db: Kysely<Database>, stores: MediaStores): Promise<CheckReport> {
  const report: CheckReport = {
    listed: { uploads: 0, exports: 0, private: 0 },
    missing: [],
    strays: [],
  };
  for (const store of ['uploads', 'exports', 'private'] as const) {
    const before = await referencesOf(db, store);
    const objects = await listing(stores[store]);
    const after = await referencesOf(db, store);
    report.listed[store] = objects.size;
    for (const [name, refs] of before) {
      if (objects.has(name)) continue;
      const stillRequired = new Set(
        (after.get(name) ?? []).filter((ref) => ref.required).map((ref) => ref.row),
      );
      for (const ref of refs) {
        if (ref.required && stillRequired.has(ref.row)) {
          report.missing.push({ store, name, row: ref.row });
        }
      }
    }
    for (const [name, size] of objects) {
      if (!before.has(name) && !after.has(name)) report.strays.push({ store, name, size });
    }
  }
  return report;
}

/** The report as the command prints it: one line per finding, then the sum. */
export function describeCheck(report: CheckReport): string[] {
  const lines = [
    ...report.missing.map((m) => `missing: ${m.store}/${m.name} (named by ${m.row})`),
    ...report.strays.map((s) => `stray: ${s.store}/${s.name} (${s.size} bytes, no row names it)`),
  ];
  const { uploads, exports, private: hidden } = report.listed;
  lines.push(
    `${uploads} objects in uploads, ${exports} in exports, ${hidden} private: ` +
      `${report.missing.length} missing, ${report.strays.length} stray.`,
  );
  return lines;
}
