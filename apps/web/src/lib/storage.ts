import Cookies from 'js-cookie';

/** The storage helper of spec section 3: a value kept in a cookie and in local storage. */
const MAX_AGE_DAYS = 30; // 2 592 000 s (spec section 9)

export function storeValue(key: string, value: string) {
  Cookies.set(key, value, { expires: MAX_AGE_DAYS, sameSite: 'lax', path: '/' });
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the cookie still has it.
  }
}

export function readValue(key: string): string | null {
  const fromCookie = Cookies.get(key);
  if (fromCookie !== undefined) return fromCookie;
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function removeValue(key: string) {
  Cookies.remove(key, { path: '/' });
  try {
    localStorage.removeItem(key);
  } catch {}
}
