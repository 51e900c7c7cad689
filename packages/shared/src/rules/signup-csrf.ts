import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The signup form's `csrf` field (spec section 3, DESIGN): lowercase hex SHA-512 of
 * `token + ":" + email`. The form computes it and the server recomputes it, so both use
 * this one function; plain JS because WebCrypto exists only on secure origins.
 */
export function signupCsrf(token: string, email: string): string {
  return bytesToHex(sha512(utf8ToBytes(`${token}:${email}`)));
}
