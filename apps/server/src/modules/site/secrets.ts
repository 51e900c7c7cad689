import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isSealed, SecretBox } from './secret-box.js';
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

/** `SECRET_KEY` and, during a rotation, `SECRET_KEY_PREVIOUS`; neither in a plain demo. */
export interface SecretKeys {
  current?: string | undefined;
  previous?: string | undefined;
}

/** The stored secrets cannot be read with the configured key: the start must stop. */
export class SecretsUnreadableError extends Error {}

const SECRETS_KEY = 'secrets';
const VAPID_KEY = 'vapid';

interface Loaded {
  tokenKey: Buffer;
  vapid: VapidKeys;
}

/** Each database's secrets as this process opened them at start. */
const loaded = new WeakMap<Kysely<Database>, Loaded>();

async function insertIfMissing(db: Kysely<Database>, key: string, value: unknown): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

async function replace(db: Kysely<Database>, key: string, value: unknown): Promise<void> {
  await db
    .updateTable('settings')
    .set({ value: JSON.stringify(value) })
    .where('key', '=', key)
    .execute();
}

/**
 * One stored secret: made when missing, sealed when a key is configured and it is still
 * plain, sealed again under the new key when only the previous one opens it. A key that
 * opens nothing stops here: making new secrets would lock every member out of their links
 * and push subscriptions.
 */
async function loadSecret<T>(
  db: Kysely<Database>,
  name: string,
  make: () => T | Promise<T>,
  keys: SecretKeys,
): Promise<T> {
  const current = keys.current ? new SecretBox(keys.current) : null;
  let stored = await readSetting<unknown>(db, name);
  if (stored === undefined || stored === null) {
    const fresh = await make();
    await insertIfMissing(db, name, current ? current.seal(fresh) : fresh);
    // Two instances starting at once: the first insert wins, both use it.
    stored = await readSetting<unknown>(db, name);
  }
  if (!isSealed(stored)) {
    if (current) await replace(db, name, current.seal(stored));
    return stored as T;
  }
  if (!current) {
    throw new SecretsUnreadableError(
      `The stored secrets ("${name}" in the settings table) are encrypted: set SECRET_KEY to the key that encrypted them.`,
    );
  }
  const opened = current.open<T>(stored);
  if (opened !== undefined) return opened;
  const previous = keys.previous ? new SecretBox(keys.previous).open<T>(stored) : undefined;
  if (previous !== undefined) {
    await replace(db, name, current.seal(previous));
    return previous;
  }
  throw new SecretsUnreadableError(
    `SECRET_KEY cannot decrypt the stored secrets ("${name}" in the settings table). ` +
      'Start with the SECRET_KEY that encrypted them, or, to change the key, set the old one ' +
      'as SECRET_KEY_PREVIOUS beside the new SECRET_KEY. No new secrets were made.',
  );
}

/**
 * Makes the server's secrets on first start and keeps them in the settings table, so every
 * instance and every restart uses the same ones; with `SECRET_KEY` they are stored encrypted
 * (docs/decisions/029). Throws SecretsUnreadableError when the key does not fit.
 */
export async function ensureSecrets(db: Kysely<Database>, keys: SecretKeys = {}): Promise<void> {
  const secrets = await loadSecret<ServerSecrets>(
    db,
    SECRETS_KEY,
    () => ({ tokenKey: randomBytes(32).toString('hex') }),
    keys,
  );
  // web-push loads only on the first start, which makes the keys (issue 24).
  const makeVapid = async () => (await import('web-push')).default.generateVAPIDKeys();
  const vapid = await loadSecret<VapidKeys>(db, VAPID_KEY, makeVapid, keys);
  loaded.set(db, { tokenKey: Buffer.from(secrets.tokenKey, 'hex'), vapid });
}

function opened(db: Kysely<Database>): Loaded {
  const secrets = loaded.get(db);
  if (!secrets) throw new Error('server secrets are missing: ensureSecrets() did not run');
  return secrets;
}

/** The key that signs e-mail check tokens (throws if `ensureSecrets` never ran). */
export async function readTokenKey(db: Kysely<Database>): Promise<Buffer> {
  return opened(db).tokenKey;
}

/** The VAPID key pair that signs Web Push requests (throws if `ensureSecrets` never ran). */
export async function readVapidKeys(db: Kysely<Database>): Promise<VapidKeys> {
  return opened(db).vapid;
}
