// `npm run screenshots`: renders every built screen at 390 px and 1280 px, in English and
// German (or the locales SCREENSHOT_LOCALES names, e.g. `en,fr`), into the git-ignored
// folder screenshots/ (DESIGN "Contract details").
// Starts the built server on a throw-away data directory with 40 seeded demo members,
// then drives Chromium (CHROMIUM_PATH, default /usr/bin/chromium) logged out and, through
// the login form, as the demo member.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../bench/support.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';
import { ensureBuilt, ensureInstalled, root } from './prepare.mjs';

const LOCALES = (process.env.SCREENSHOT_LOCALES ?? 'en,de').split(',').map((l) => l.trim());
const WIDTHS = [390, 1280];
const LOCALE_COOKIE = 'i18n_redirected';
const DEMO_EMAIL = 'demo@amora.test';
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'amora-demo-2026';

const LOGGED_OUT = [
  ['home', '/'],
  ['login', '/login'],
  ['signup', '/signup'],
  ['faq', '/pages/faq'],
  ['service', '/pages/service'],
  ['cookies', '/pages/cookies'],
  ['return-policy', '/pages/return-policy'],
  ['ban', '/pages/ban'],
  ['complaints', '/complaints'],
  ['pricing', '/pricing'],
  ['not-found', '/no-such-page'],
  ['lander-video', '/landers/video/summer'],
];
const loggedIn = (memberId) => [
  ['members', '/members'],
  ['member', `/members/${memberId}`],
  ['member-landing', `/members/${memberId}/landing`],
  ['chat', `/members/${memberId}/chat`],
  ['match-finder', '/match-finder'],
  ['premium', '/premium'],
  ['pricing-member', '/pricing'],
  ['checkout', '/credits/credits-50/ideal'],
  ['likes', '/likes'],
  ['chats', '/chats'],
  ['profile', '/profile'],
  ['notifications', '/notifications'],
  ['credits', '/credits'],
];

/** The login form's labels in a locale, read from the locale sources (English as fallback). */
function loginLabels(locale) {
  const read = (l) =>
    JSON.parse(readFileSync(join(root, 'apps/web/src/locales', l, 'auth.json'), 'utf8'));
  let auth = {};
  try {
    auth = read(locale);
  } catch {}
  const en = read('en');
  return { email: auth.email ?? en.email, password: auth.password ?? en.password };
}

/** Waits until the page has settled: no requests in flight, fonts loaded, no spinner left. */
async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.evaluate(() => document.fonts.ready);
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], .spinner-border'), null, {
      timeout: 5_000,
    })
    .catch(() => {});
  await page.waitForTimeout(300);
}

/** A member other than the demo account that has a viewable profile. */
async function seededMemberId(page, url) {
  const me = await (await page.request.get(`${url}/api/user.php`)).json();
  const ownId = me.user?.profile?.id ?? me.user?.id;
  for (let id = 1; id <= 200; id++) {
    if (id === ownId) continue;
    const res = await page.request.get(`${url}/api/profile.php?id=${id}`);
    if (res.ok()) return id;
  }
  throw new Error('No seeded member found: is SEED_MEMBERS above 0?');
}

ensureInstalled();
ensureBuilt();

const outDir = join(root, 'screenshots');
mkdirSync(outDir, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'amora-screenshots-'));
console.log('Starting the server with 40 demo members…');
const server = await startServer({
  DATA_DIR: dataDir,
  SEED_MEMBERS: '40',
  DEMO_PASSWORD,
  LOG_LEVEL: 'warn',
  RATE_LIMIT: 'off',
});
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_FLAGS,
});

const written = [];
let failed = false;
try {
  const health = await fetch(`${server.url}/api/health`).catch(() => null);
  if (!health?.ok) throw new Error('The server did not start.');
  const { hostname } = new URL(server.url);

  for (const locale of LOCALES) {
    for (const width of WIDTHS) {
      const mobile = width < 768;
      const context = await browser.newContext({
        viewport: { width, height: mobile ? 844 : 800 },
        isMobile: mobile,
        hasTouch: mobile,
        locale,
        // Screens as a first visit shows them, without a worker or its update toast.
        serviceWorkers: 'block',
      });
      await context.addCookies([
        { name: LOCALE_COOKIE, value: locale, domain: hostname, path: '/', sameSite: 'Lax' },
      ]);
      const page = await context.newPage();
      const shoot = async (name, path) => {
        await page.goto(`${server.url}${path}`);
        await settle(page);
        const file = join(outDir, `${locale}-${width}-${name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        written.push(file.slice(root.length + 1));
      };

      for (const [name, path] of LOGGED_OUT) await shoot(name, path);

      const labels = loginLabels(locale);
      await page.goto(`${server.url}/login`);
      await page.getByLabel(labels.email, { exact: true }).fill(DEMO_EMAIL);
      await page.getByLabel(labels.password, { exact: true }).fill(DEMO_PASSWORD);
      await page.locator('form button[type=submit]').click();
      await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });

      const memberId = await seededMemberId(page, server.url);
      for (const [name, path] of loggedIn(memberId)) await shoot(name, path);
      await context.close();
    }
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\n${written.length} screenshots in screenshots/:`);
for (const file of written) console.log(`  ${file}`);
if (failed) process.exit(1);
