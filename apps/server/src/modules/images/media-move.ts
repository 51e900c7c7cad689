import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  checkObjectName,
  contentTypeOf,
  type MediaStores,
  ObjectNotFoundError,
  type ObjectStore,
} from '../media/object-store.js';
import { exportReferences } from './image-names.repository.js';

export interface MoveOptions {
  db: Kysely<Database>;
  /** Where the files are now: the local folders. */
  from: MediaStores;
  /** Where they go: the bucket. */
  to: MediaStores;
  /** Receives the progress lines (`moved N of M (X MB)`). */
  log: (line: string) => void;
  /** Copies in flight at once. */
  concurrency?: number;
  /** Least time between two progress lines; the first and the last are always told. */
  progressEveryMs?: number;
}

export interface MoveResult {
  /** Objects to be in the bucket: every file of the uploads folder and each pending export. */
  objects: number;
  /** Copied by this run. */
  copied: number;
  /** Found in the bucket already with the same size (an earlier run's). */
  present: number;
  /** Bytes of all `objects`. */
  bytes: number;
  /** Local files left out: names no row can hold (`uploads/<name>`). */
  skipped: string[];
  /** Pending exports whose file is not in the local folder (`exports/<name> (row)`). */
  absent: string[];
}

interface Planned {
  source: ObjectStore;
  target: ObjectStore;
  name: string;
  size: number;
  /** The size of the bucket's object of that name, if it has one. */
  there: number | undefined;
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => (bytes / MB).toFixed(1);

async function sizes(store: ObjectStore): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for await (const { name, size } of store.list()) found.set(name, size);
  return found;
}

const isSafeName = (name: string) => {
  try {
    checkObjectName(name);
    return true;
  } catch {
    return false;
  }
};

/**
 * `npm run media -- move`: copies the local uploads and private folders and the exports
 * members may still download into the bucket. An object the bucket holds with the same size is left alone, so
 * the move resumes where a broken run stopped and a second run copies only what came since.
 * A local file is never removed: the operator does it after `check`.
 */
export async function moveMedia(options: MoveOptions): Promise<MoveResult> {
  const { db, from, to, log } = options;
  const result: MoveResult = {
    objects: 0,
    copied: 0,
    present: 0,
    bytes: 0,
    skipped: [],
    absent: [],
  };
  const plan: Planned[] = [];
  const inBucket = {
    uploads: await sizes(to.uploads),
    exports: await sizes(to.exports),
    private: await sizes(to.private),
  };

  // Public photos, and the private pictures (decision 059) into the bucket's `private/`.
  for (const store of ['uploads', 'private'] as const) {
    for await (const { name, size } of from[store].list()) {
      if (!isSafeName(name)) result.skipped.push(`${store}/${name}`);
      else {
        const there = inBucket[store].get(name);
        plan.push({ source: from[store], target: to[store], name, size, there });
      }
    }
  }
  // Only what a member may still download: a used or expired export has nobody to read it.
  const localExports = await sizes(from.exports);
  for await (const ref of exportReferences(db)) {
    if (!ref.required) continue;
    const size = localExports.get(ref.name);
    if (size === undefined) result.absent.push(`exports/${ref.name} (${ref.row})`);
    else {
      const there = inBucket.exports.get(ref.name);
      plan.push({ source: from.exports, target: to.exports, name: ref.name, size, there });
    }
  }

  let done = 0;
  let doneBytes = 0;
  let toldAt = 0;
  const tell = (force = false) => {
    const now = Date.now();
    if (!force && now - toldAt < (options.progressEveryMs ?? 1_000)) return;
    toldAt = now;
    log(`moved ${done} of ${result.objects} (${megabytes(doneBytes)} MB)`);
  };
  result.objects = plan.length;
  const toCopy: Planned[] = [];
  for (const item of plan) {
    result.bytes += item.size;
    if (item.there === item.size) {
      result.present += 1;
      done += 1;
      doneBytes += item.size;
    } else {
      toCopy.push(item);
    }
  }
  tell(true);

  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < toCopy.length && !failed) {
      const item = toCopy[next++]!;
      try {
        const body = await item.source.get(item.name).catch((err: unknown) => {
          if (err instanceof ObjectNotFoundError) return null;
          throw err;
        });
        if (!body) {
          // Removed since the listing (a member's photo removal): nothing left to move.
          result.objects -= 1;
          result.bytes -= item.size;
          continue;
        }
        await item.target.put(item.name, body, contentTypeOf(item.name));
      } catch (err) {
        // The other copies in flight finish; no new one starts. A re-run copies the rest.
        failed = true;
        throw err;
      }
      result.copied += 1;
      done += 1;
      doneBytes += item.size;
      tell();
    }
  };
  const runs = await Promise.allSettled(
    Array.from({ length: Math.min(options.concurrency ?? 4, toCopy.length) }, worker),
  );
  if (toCopy.length > 0) tell(true);
  const failure = runs.find((run) => run.status === 'rejected');
  if (failure) throw failure.reason;
  return result;
}
