import Cookies from 'js-cookie';

/** The storage helper of spec section 3: a value kept in a cookie and in local storage. */
const MAX_AGE_DAYS = 30; // 2 592 000 s (spec section 9)

/**
 * While the server renders a visitor's page (decision 046): the visitor's cookies that
 * rendering may read (RENDER_COOKIES), so the page comes as the browser will show it.
 * One page renders at a time, so one value serves.
 */
let renderingCookies: Readonly<Record<string, string>> | null = null;

export function readCookiesWhileRendering(cookies: Readonly<Record<string, string>> | null) {
  renderingCookies = cookies;
}

export function storeValue(key: string, value: string) {
  Cookies.set(key, value, { expires: MAX_AGE_DAYS, sameSite: 'lax', path: '/' });
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the cookie still has it.
  }
}

export function readValue(key: string): string | null {
  if (renderingCookies) return renderingCookies[key] ?? null;
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
