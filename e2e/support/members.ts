import { signupCsrf } from '@amora/shared/rules/signup-csrf';
import type { BrowserContext } from 'playwright-core';
import { waitForMail } from './mailbox.js';

/** A password that passes the shared rule, for members the tests sign up. */
export const TEST_PASSWORD = 'a-good-password';

/**
 * Signs a fresh member up through the API exactly as the signup form does (e-mail check
 * token, then the SHA-512 csrf); the context's browser is then logged in as that member.
 */
export async function signUpViaApi(
  context: BrowserContext,
  baseUrl: string,
  options: {
    name?: string;
    language?: string;
    email?: string;
    password?: string;
    country?: string;
  } = {},
): Promise<{ email: string; password: string; id: number }> {
  const email =
    options.email ?? `member.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = options.password ?? TEST_PASSWORD;
  const check = await context.request.get(
    `${baseUrl}/api/validate_email.php?email=${encodeURIComponent(email)}`,
  );
  const { token } = (await check.json()) as { token: string };
  const res = await context.request.post(`${baseUrl}/api/user.php?new=1`, {
    headers: { 'x-app-package': 'e2e' },
    data: {
      email,
      name: options.name ?? 'Robin',
      password,
      country: options.country ?? 'NL',
      language: options.language ?? 'en',
      token,
      csrf: signupCsrf(token, email),
    },
  });
  if (res.status() !== 200) throw new Error(`signup failed: ${res.status()} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: number } };
  return { email, password, id: user.id };
}

/** Follows the member's activation link from the development mailbox (`/_dev/mailbox`). */
export async function activateViaMailbox(
  context: BrowserContext,
  baseUrl: string,
  email: string,
): Promise<void> {
  const mail = await waitForMail(
    baseUrl,
    (item) => item.includes(email) && /href="https?:[^"]*activ/.test(item),
  );
  const link = /href="(https?:[^"]*activ[^"]*)"/.exec(mail)![1]!;
  const url = new URL(link.replaceAll('&amp;', '&'));
  await context.request.get(`${baseUrl}${url.pathname}${url.search}`);
}
