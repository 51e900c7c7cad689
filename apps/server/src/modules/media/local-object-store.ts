import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  checkObjectName,
  contentTypeOf,
  type ListedObject,
  ObjectNotFoundError,
  type ObjectStore,
  type StoredObject,
} from './object-store.js';

const isMissing = (err: unknown) => (err as { code?: unknown } | null)?.code === 'ENOENT';

/**
 * Files in a local folder (`MEDIA_STORE=local`: one machine, or a folder all instances
 * share). Each file is written under a temporary name and renamed into place, so a reader
 * never sees half a file.
 */
export class LocalObjectStore implements ObjectStore {
  private ready: Promise<unknown> | null = null;

  constructor(readonly dir: string) {}

  async put(name: string, buffer: Buffer, _contentType: string): Promise<void> {
    checkObjectName(name);
    this.ready ??= mkdir(this.dir, { recursive: true }).catch((err: unknown) => {
      this.ready = null;
      throw err;
    });
    await this.ready;
    const target = join(this.dir, name);
    const partial = join(this.dir, `.${name}.${process.pid}.partial`);
    try {
      await writeFile(partial, buffer, { flag: 'wx' });
      await rename(partial, target);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  async remove(name: string): Promise<void> {
    checkObjectName(name);
    await rm(join(this.dir, name), { force: true });
  }

  async get(name: string): Promise<Buffer> {
    checkObjectName(name);
    try {
      return await readFile(join(this.dir, name));
    } catch (err) {
      if (isMissing(err)) throw new ObjectNotFoundError(name);
      throw err;
    }
  }

  async open(name: string, ifNoneMatch?: string): Promise<StoredObject | 'not-modified' | null> {
    checkObjectName(name);
    const path = join(this.dir, name);
    try {
      const stats = await stat(path);
      if (!stats.isFile()) return null;
      // As @fastify/send tags files: size and modification time.
      const etag = `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`;
      if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) return 'not-modified';
      return {
        body: createReadStream(path),
        size: stats.size,
        etag,
        lastModified: stats.mtime,
        contentType: contentTypeOf(name),
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async *list(): AsyncIterable<ListedObject> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const name of names) {
      if (name.startsWith('.')) continue;
      try {
        const stats = await stat(join(this.dir, name));
        if (stats.isFile()) yield { name, size: stats.size };
      } catch (err) {
        // Removed between the listing and its look: no longer stored.
        if (!isMissing(err)) throw err;
      }
    }
  }
}
