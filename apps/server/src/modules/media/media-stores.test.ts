import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/config.js';
import { startS3StandIn } from '../../test/stand-ins/s3-stand-in.js';
import { createMediaStores, MediaStoreUnusableError, probeMediaStores } from './media-stores.js';

let s3: Awaited<ReturnType<typeof startS3StandIn>>;
beforeAll(async () => {
  s3 = await startS3StandIn(['amora-media']);
});
afterAll(() => s3?.close());

const storesFor = async (env: Record<string, string>) => {
  const config = parseConfig({ DATA_DIR: '/tmp/amora-unused', ...env });
  return { config, stores: await createMediaStores(config) };
};

describe('the media store on an S3-compatible server', () => {
  it('stores, opens with a tag and 304, lists and removes, photos and exports apart', async () => {
    const { config, stores } = await storesFor(s3.env());
    await probeMediaStores(stores, config);
    await stores.uploads.put('a1.webp', Buffer.from('photo'), 'image/webp');
    await stores.exports.put('e1.zip', Buffer.from('zip'), 'application/zip');
    expect((await stores.uploads.get('a1.webp')).toString()).toBe('photo');
    const opened = await stores.uploads.open('a1.webp');
    if (!opened || opened === 'not-modified') throw new Error('not opened');
    expect(opened.contentType).toBe('image/webp');
    expect(opened.size).toBe(5);
    opened.body.resume();
    expect(await stores.uploads.open('a1.webp', opened.etag)).toBe('not-modified');
    // A CDN in front of the bucket keeps a photo as long as the app's own answer says, an
    // export not at all.
    const head = async (key: string) =>
      (await fetch(`${s3.url}/amora-media/${key}`, { method: 'HEAD' })).headers;
    expect((await head('uploads/a1.webp')).get('cache-control')).toBe('public, max-age=600');
    expect((await head('exports/e1.zip')).get('cache-control')).toBe('private, no-store');
    expect(await stores.uploads.open('e1.zip')).toBeNull();
    const names = async (store: typeof stores.uploads) => {
      const all: string[] = [];
      for await (const { name } of store.list()) all.push(name);
      return all;
    };
    // The probe left nothing behind.
    expect(await names(stores.uploads)).toEqual(['a1.webp']);
    expect(await names(stores.exports)).toEqual(['e1.zip']);
    await stores.uploads.remove('a1.webp');
    await stores.uploads.remove('a1.webp');
    expect(await stores.uploads.open('a1.webp')).toBeNull();
    await expect(stores.uploads.get('a1.webp')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stops the start naming the variable: a missing bucket, a refused key', async () => {
    const missing = await storesFor(s3.env('no-such-bucket'));
    const refusal = probeMediaStores(missing.stores, missing.config);
    await expect(refusal).rejects.toThrow(MediaStoreUnusableError);
    await expect(refusal).rejects.toThrow(/S3_BUCKET: the bucket no-such-bucket does not exist/);
    const wrongKey = await storesFor({ ...s3.env(), S3_ACCESS_KEY_ID: 'WRONG' });
    await expect(probeMediaStores(wrongKey.stores, wrongKey.config)).rejects.toThrow(
      /S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: the store refused them/,
    );
  });

  it('refuses a configuration without a bucket or with half a key', () => {
    expect(() => parseConfig({ MEDIA_STORE: 's3' })).toThrow(/S3_BUCKET: required/);
    expect(() =>
      parseConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'x' }),
    ).toThrow(/S3_SECRET_ACCESS_KEY: required/);
    expect(() =>
      parseConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://s3.example' }),
    ).toThrow(/S3_ENDPOINT: must be an https/);
  });
});
