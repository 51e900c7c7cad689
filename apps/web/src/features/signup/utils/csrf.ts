import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The signup csrf field: lowercase hex SHA-512 of `token:email` (DESIGN). WebCrypto only
 * exists on secure origins, so a plain-JS hash is the fallback.
 */
export async function signupCsrf(token: string, email: string): Promise<string> {
  const text = `${token}:${email}`;
  if (globalThis.crypto?.subtle) {
    const digest = await crypto.subtle.digest('SHA-512', new TextEncoder().encode(text));
    return bytesToHex(new Uint8Array(digest));
  }
  return bytesToHex(sha512(utf8ToBytes(text)));
}
