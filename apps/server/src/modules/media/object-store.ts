import type { Readable } from 'node:stream';

/**
 * Where files live that every instance must reach: members' photos (`uploads`) and data
 * exports (`exports`). Names are flat (`<uuid>.webp`, `<uuid>-thumb.webp`, `<token>.zip`),
 * unguessable and never rewritten: a changed photo is a new name. Photos are served as
 * `settings.cdn_prefix` + name. Two kinds (decision 057): a local folder
 * (`LocalObjectStore`, one machine) and an S3-compatible bucket (`S3ObjectStore`).
 */
export interface ObjectStore {
  /** Stores `buffer` under `name`, whole or not at all. */
  put(name: string, buffer: Buffer, contentType: string): Promise<void>;
  /** Removes `name`; removing a name that does not exist is not an error. */
  remove(name: string): Promise<void>;
  /** The stored bytes of `name`; rejects with `ObjectNotFoundError` when there is none. */
  get(name: string): Promise<Buffer>;
  /**
   * `name` to stream to a client: null when there is none, `'not-modified'` when its tag
   * is `ifNoneMatch`.
   */
  open(name: string, ifNoneMatch?: string): Promise<StoredObject | 'not-modified' | null>;
  /** Every stored name, in no promised order (`npm run media -- check`). */
  list(): AsyncIterable<string>;
}

/** An object opened for reading. */
export interface StoredObject {
  body: Readable;
  size: number;
  /** A strong or weak entity tag, quoted as HTTP sends it. */
  etag: string;
  lastModified: Date;
  contentType: string;
}

/** The two stores of one deployment. */
export interface MediaStores {
  uploads: ObjectStore;
  exports: ObjectStore;
}

export class ObjectNotFoundError extends Error {
  readonly code = 'ENOENT';
  constructor(name: string) {
    super(`No stored object named ${name}`);
  }
}

/** A flat name: no folders, no `..`, nothing a URL, a key or a shell would treat specially. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function checkObjectName(name: string): void {
  if (!SAFE_NAME.test(name) || name.includes('..')) {
    throw new Error(`Refusing to store an object under the name ${JSON.stringify(name)}`);
  }
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  zip: 'application/zip',
};

/** The content type a name's extension stands for. */
export function contentTypeOf(name: string): string {
  return TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}
