import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import {
  checkObjectName,
  contentTypeOf,
  type ListedObject,
  ObjectNotFoundError,
  type ObjectStore,
  type StoredObject,
} from './object-store.js';

const statusOf = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

/**
 * Objects in an S3-compatible bucket under one key prefix (`uploads/`, `exports/`), through
 * the official SDK: AWS S3, Cloudflare R2, Backblaze B2, MinIO and the like. A put is whole
 * or absent by the protocol itself.
 */
export class S3ObjectStore implements ObjectStore {
  constructor(
    /** Also signs links to private objects (`private-links.ts`). */
    readonly client: S3Client,
    readonly bucket: string,
    readonly prefix: string,
    /** Sent with each object, for a CDN in front of the bucket. */
    private readonly cacheControl: string,
  ) {}

  /** The object's key in the bucket; refuses a name that is not flat. */
  key(name: string): string {
    checkObjectName(name);
    return `${this.prefix}${name}`;
  }

  async put(name: string, buffer: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(name),
        Body: buffer,
        ContentType: contentType,
        CacheControl: this.cacheControl,
      }),
    );
  }

  async remove(name: string): Promise<void> {
    // S3 answers a delete of a missing key with success, as this interface wants.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
  }

  async get(name: string): Promise<Buffer> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(name) }),
      );
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (err) {
      if (statusOf(err) === 404) throw new ObjectNotFoundError(name);
      throw err;
    }
  }

  async open(name: string, ifNoneMatch?: string): Promise<StoredObject | 'not-modified' | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.key(name),
          IfNoneMatch: ifNoneMatch,
        }),
      );
      return {
        body: object.Body as Readable,
        size: object.ContentLength ?? 0,
        etag: object.ETag ?? '',
        lastModified: object.LastModified ?? new Date(0),
        contentType: object.ContentType ?? contentTypeOf(name),
      };
    } catch (err) {
      const status = statusOf(err);
      if (status === 304) return 'not-modified';
      if (status === 404) return null;
      throw err;
    }
  }

  async *list(): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key)
          yield { name: object.Key.slice(this.prefix.length), size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
