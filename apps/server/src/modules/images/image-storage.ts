import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where uploaded image files live. Names are flat (`<uuid>.webp`, `<uuid>-thumb.webp`) and are
 * served as `settings.cdn_prefix` + name, so any store that can serve a flat namespace under
 * one URL prefix fits: the local uploads folder today, an S3-compatible bucket later
 * (decision 008).
 */
export interface ImageStorage {
  /** Stores `buffer` under `name`, replacing nothing: names are fresh UUIDs. */
  put(name: string, buffer: Buffer, contentType: string): Promise<void>;
  /** Removes `name`; removing a name that does not exist is not an error. */
  remove(name: string): Promise<void>;
  /** The stored bytes of `name` (a report keeps a copy of the photo it is about). */
  get(name: string): Promise<Buffer>;
}

/** A flat file name: no folders, no `..`, nothing a URL or a shell would treat specially. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

function checkName(name: string): void {
  if (!SAFE_NAME.test(name) || name.includes('..')) {
    throw new Error(`Refusing to store an image under the name ${JSON.stringify(name)}`);
  }
}

/**
 * Files in a local folder (`config.uploadsDir`, served at `/uploads/`). Each file is written
 * under a temporary name and renamed into place, so a reader never sees half a file.
 */
export class LocalImageStorage implements ImageStorage {
  private ready: Promise<unknown> | null = null;

  constructor(readonly dir: string) {}

  async put(name: string, buffer: Buffer, _contentType: string): Promise<void> {
    checkName(name);
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
    checkName(name);
    await rm(join(this.dir, name), { force: true });
  }

  async get(name: string): Promise<Buffer> {
    checkName(name);
    return readFile(join(this.dir, name));
  }
}
