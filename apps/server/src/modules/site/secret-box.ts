import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A stored secret encrypted with AES-256-GCM under a key derived from `SECRET_KEY`. */
export interface SealedSecret {
  sealed: 'aes-256-gcm/hkdf-sha256/v1';
  iv: string;
  tag: string;
  data: string;
}

const FORMAT = 'aes-256-gcm/hkdf-sha256/v1' as const;

export const isSealed = (value: unknown): value is SealedSecret =>
  typeof value === 'object' && value !== null && (value as SealedSecret).sealed === FORMAT;

/**
 * Seals and opens the settings table's secrets. The operator's `SECRET_KEY` is a passphrase
 * of any form, so the AES key comes from HKDF-SHA256 over it, bound to this one use.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = Buffer.from(
      hkdfSync('sha256', secretKey, 'amora', 'stored secrets: settings table', 32),
    );
  }

  seal(value: unknown): SealedSecret {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return {
      sealed: FORMAT,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      data: data.toString('base64'),
    };
  }

  /** The sealed value, or undefined when this key did not seal it (or it was altered). */
  open<T>(sealed: SealedSecret): T | undefined {
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(sealed.data, 'base64')),
        decipher.final(),
      ]);
      return JSON.parse(plain.toString('utf8')) as T;
    } catch {
      return undefined;
    }
  }
}
