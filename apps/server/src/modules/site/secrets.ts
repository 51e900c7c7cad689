import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../../db/schema.js';
import { readSetting } from './site.repository.js';

/** Server secrets (settings key `secrets`): `tokenKey` signs the e-mail check tokens. */
export interface ServerSecrets {
  tokenKey: string;
}

/** The VAPID key pair of Web Push (settings key `vapid`); the public key is `push_pub`. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SECRETS_KEY = 'secrets';
const VAPID_KEY = 'vapid';

async function insertIfMissing(db: Kysely<Database>, key: string, value: unknown): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/**
 * Makes the server's secrets on first start and keeps them in the settings table, so every
 * instance and every restart uses the same ones. Existing values are never replaced (two
 * instances starting at once: the first insert wins, the other is ignored).
 */
export async function ensureSecrets(db: Kysely<Database>): Promise<void> {
  if (!(await readSetting<ServerSecrets>(db, SECRETS_KEY))?.tokenKey) {
    await insertIfMissing(db, SECRETS_KEY, { tokenKey: randomBytes(32).toString('hex') });
  }
  if (!(await readSetting<VapidKeys>(db, VAPID_KEY))?.privateKey) {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    await insertIfMissing(db, VAPID_KEY, { publicKey, privateKey });
  }
}

/** Secrets never change once made, so each database's key is read once. */
const tokenKeys = new WeakMap<Kysely<Database>, Promise<Buffer>>();

/** The key that signs e-mail check tokens (throws if `ensureSecrets` never ran). */
export function readTokenKey(db: Kysely<Database>): Promise<Buffer> {
  let key = tokenKeys.get(db);
  if (!key) {
    key = readSetting<ServerSecrets>(db, SECRETS_KEY).then((secrets) => {
      if (!secrets?.tokenKey)
        throw new Error('server secrets are missing: ensureSecrets() did not run');
      return Buffer.from(secrets.tokenKey, 'hex');
    });
    // A failed read is not kept: the next call tries again.
    key.catch(() => tokenKeys.delete(db));
    tokenKeys.set(db, key);
  }
  return key;
}

/** The VAPID key pair that signs Web Push requests (throws if `ensureSecrets` never ran). */
export async function readVapidKeys(db: Kysely<Database>): Promise<VapidKeys> {
  const keys = await readSetting<VapidKeys>(db, VAPID_KEY);
  if (!keys?.privateKey) throw new Error('VAPID keys are missing: ensureSecrets() did not run');
  return keys;
}
