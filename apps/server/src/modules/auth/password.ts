import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's const enum value 2, spelled out because enums are erased here). */
const OPTIONS = { algorithm: 2 } as const;

/** A hash to verify against when the e-mail is unknown, so both cases take as long. */
let decoy: Promise<string> | undefined;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hashPassword('decoy-password-for-unknown-accounts');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
