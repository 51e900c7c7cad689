import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppConfig } from '../../config/config.js';
import { LocalObjectStore } from './local-object-store.js';
import {
  EXPORT_CACHE_CONTROL,
  type MediaStores,
  type ObjectStore,
  PHOTO_CACHE_CONTROL,
  PRIVATE_CACHE_CONTROL,
} from './object-store.js';

type MediaConfig = Pick<AppConfig, 'media' | 'uploadsDir' | 'exportsDir' | 'privateDir'>;

/** The store is there but this start cannot use it: the message names the variable. */
export class MediaStoreUnusableError extends Error {}

/**
 * The deployment's stores: the local folders, or one bucket with `uploads/`, `exports/` and
 * `private/` (a CDN in front serves `uploads/` only; the bucket itself answers nobody
 * without a signature). The SDK loads only for a bucket, so a start on
 * local folders does not pay for it.
 */
export async function createMediaStores(config: MediaConfig): Promise<MediaStores> {
  const { media } = config;
  if (media.kind === 'local') {
    return {
      uploads: new LocalObjectStore(config.uploadsDir),
      exports: new LocalObjectStore(config.exportsDir),
      private: new LocalObjectStore(config.privateDir),
    };
  }
  const [{ S3Client }, { S3ObjectStore }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('./s3-object-store.js'),
  ]);
  const client = new S3Client({
    region: media.region,
    endpoint: media.endpoint,
    forcePathStyle: media.forcePathStyle,
    credentials: media.credentials,
    // A store that hangs must not hold a request (or the start) for ever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
  return {
    uploads: new S3ObjectStore(client, media.bucket, 'uploads/', PHOTO_CACHE_CONTROL),
    exports: new S3ObjectStore(client, media.bucket, 'exports/', EXPORT_CACHE_CONTROL),
    private: new S3ObjectStore(client, media.bucket, 'private/', PRIVATE_CACHE_CONTROL),
  };
}

/** What an S3 error means for the operator, naming the variable to look at. */
function explain(err: unknown, media: Extract<MediaConfig['media'], { kind: 's3' }>): string {
  const e = err as { name?: string; Code?: string; message?: string; code?: string };
  const code = e.Code ?? e.name ?? e.code ?? '';
  if (code === 'NoSuchBucket') return `S3_BUCKET: the bucket ${media.bucket} does not exist`;
  if (['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'Forbidden'].includes(code)) {
    return `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: the store refused them (${code}) for bucket ${media.bucket}`;
  }
  if (code === 'CredentialsProviderError') {
    return 'S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: unset, and the SDK found no other credentials';
  }
  if (code === 'PermanentRedirect' || code === 'AuthorizationHeaderMalformed') {
    return `S3_REGION: the bucket ${media.bucket} is not in ${media.region} (${code})`;
  }
  return `S3_ENDPOINT: the store did not answer as S3 does (${code || e.message})`;
}

/**
 * Before the instance listens: writes, reads back and deletes an object named after this
 * instance in each store, so a wrong bucket, key or endpoint stops the start instead of the
 * first member's upload.
 */
export async function probeMediaStores(stores: MediaStores, config: MediaConfig): Promise<void> {
  if (config.media.kind === 'local') return;
  const media = config.media;
  const name = `probe-${hostname().replace(/[^A-Za-z0-9-]/g, '-')}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const written = randomBytes(16);
  for (const store of [stores.uploads, stores.exports, stores.private] as ObjectStore[]) {
    try {
      await store.put(name, written, 'application/octet-stream');
      const read = await store.get(name);
      await store.remove(name);
      if (!read.equals(written)) throw new Error('read back other bytes than it wrote');
    } catch (err) {
      throw new MediaStoreUnusableError(`Invalid configuration: ${explain(err, media)}`);
    }
  }
}
