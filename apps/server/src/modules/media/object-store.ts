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
  /**
   * Every stored object with its size, in no promised order: a listing, not a request per
   * object (`npm run media -- move` and `check` walk whole stores with it).
   */
  list(): AsyncIterable<ListedObject>;
}

/** One entry of a store's listing. */
export interface ListedObject {
  name: string;
  /** In bytes. */
  size: number;
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

/**
 * Photos are cached for ten minutes, not forever: a photo its member removed must stop
 * showing in browsers and shared caches soon (docs/privacy.md), and the names never change,
 * so ten minutes saves nearly every repeat download anyway (docs/decisions/008). The app's
 * `/uploads/` answers and the bucket's objects (for a CDN in front of it) both say it.
 */
export const PHOTO_CACHE_CONTROL = 'public, max-age=600';
/** Exports are a member's data: nobody on the way keeps a copy. */
export const EXPORT_CACHE_CONTROL = 'private, no-store';

/**
 * Pictures with no public address (decision 059): no CDN or shared cache keeps one, and a
 * presigned link to one says so itself.
 */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** The stores of one deployment. */
export interface MediaStores {
  uploads: ObjectStore;
  exports: ObjectStore;
  /**
   * Pictures only the app's check hands out (decision 059): never under `cdn_prefix`,
   * read through a short-lived link from `modules/media/private-links.ts`.
   */
  private: ObjectStore;
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
