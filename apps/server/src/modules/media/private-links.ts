import type { AppConfig } from '../../config/config.js';
import { LocalObjectStore } from './local-object-store.js';
import type { ObjectStore, StoredObject } from './object-store.js';
import type { S3ObjectStore } from './s3-object-store.js';

/**
 * How the app hands out a private object once its check passed (decision 059): a bucket's
 * object as a presigned GET the browser follows (302), a folder's as the bytes themselves.
 * Null when there is no such object.
 */
export type PrivateRead =
  | { kind: 'redirect'; url: string }
  | { kind: 'stream'; object: StoredObject }
  | null;

/**
 * Reads `name` of the private store for a caller the rule (`modules/images/private-access.ts`) let
 * through. A presigned link works for `seconds` and for this one key only: the bucket
 * checks the signature and the expiry itself, so a link used later or altered is refused
 * there. The app checks each time a link is asked for, so a member blocked, banned or
 * deleted meanwhile gets no new one.
 */
export async function readPrivate(
  store: ObjectStore,
  name: string,
  seconds: number,
): Promise<PrivateRead> {
  if (store instanceof LocalObjectStore) {
    const opened = await store.open(name);
    return opened && opened !== 'not-modified' ? { kind: 'stream', object: opened } : null;
  }
  // The SDK loads only with a bucket, as in `createMediaStores`.
  const bucket = store as S3ObjectStore;
  const [{ GetObjectCommand }, { getSignedUrl }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  // Signing needs no request: whether the object exists is the bucket's answer to the link.
  const command = new GetObjectCommand({ Bucket: bucket.bucket, Key: bucket.key(name) });
  return {
    kind: 'redirect',
    url: await getSignedUrl(bucket.client, command, { expiresIn: seconds }),
  };
}

/**
 * The origin presigned links point to, for the pages' `img-src`: the endpoint itself with
 * path-style addressing, else the bucket's own host name, as the SDK builds them (a bucket
 * name with a dot is addressed by path on AWS). Null for local folders.
 */
export function bucketOrigin(media: AppConfig['media']): string | null {
  if (media.kind !== 's3') return null;
  if (media.endpoint) {
    const url = new URL(media.endpoint);
    return media.forcePathStyle ? url.origin : `${url.protocol}//${media.bucket}.${url.host}`;
  }
  const host = `s3.${media.region}.amazonaws.com`;
  return media.forcePathStyle || media.bucket.includes('.')
    ? `https://${host}`
    : `https://${media.bucket}.${host}`;
}
