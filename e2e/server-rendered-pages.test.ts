import { readFileSync } from 'node:fs';
import { APP_ROUTES } from '@amora/shared/routes';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, DEMO, logInThroughUi, sharedApp, startApp } from './support/app-fixture.js';
import { saveSiteSettings } from './support/site-settings.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

const VISITOR_PAGES = [
  '/',
  '/login',
  '/signup',
  '/landers/video/autumn-campaign',
  '/pages/terms',
  '/pricing',
  '/complaints',
];

/** Errors the page reports: a failed script, a hydration mismatch, a console error. */
function watchProblems(page: import('playwright-core').Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // The API's 403 to a visitor's user query is how it says nobody is logged in (spec
    // section 4); Chromium logs every 4xx as a failed resource.
    const nobody =
      /status of 403/.test(message.text()) && message.location().url.endsWith('/api/user.php');
    if (message.type() === 'error' && !nobody) problems.push(message.text());
  });
  return problems;
}

/**
 * Holds the app's scripts back until the test lets them go, so the test acts on the page
 * as sent, before the app is there, without racing a clock.
 */
async function holdTheApp(context: import('playwright-core').BrowserContext) {
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  await context.route(/\/assets\/startup-/, async (route) => {
    await released;
    await route.continue();
  });
  return letGo;
}

const appState = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.dataset.app);

const unescapeHtml = (text: string) =>
  text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const ADMIN = { email: 'admin@amora.test', password: DEMO.password };

/** Every route the server renders for visitors, at an address of its own. */
const RENDERED_PATHS = APP_ROUTES.filter((route) => route.rendersOnServer).map((route) => ({
  name: route.name,
  path: route.path.replace(':slug', 'autumn-campaign'),
}));

const webSource = new URL('../apps/web/src/', import.meta.url);
const json = (path: string) => JSON.parse(readFileSync(new URL(path, webSource), 'utf8'));
type Texts = Record<string, Record<string, string>>;
const messages = (locale: string, file: string): Texts[string] =>
  json(`locales/${locale}/${file}.json`);
type Block = { p: string } | { q: string } | { li: string[] } | { h: string };
interface SiteDocument {
  title: string;
  blocks: Block[];
}
/** A block's first sentence of text: a paragraph, a question, a list's first item. */
const textOfBlock = (block: Block) =>
  'p' in block ? block.p : 'q' in block ? block.q : 'li' in block ? block.li[0]! : block.h;
const siteDocument = (locale: string, name: string): SiteDocument => {
  const legal = json(`content/legal/${locale}.json`);
  return legal[name] ?? json(`content/pages/${locale}.json`)[name];
};

/** A page's `<h1>` and a sentence of its own content, in the locale's own words. */
function ownText(name: string, locale: string): { h1: string; sentence: string } {
  const routes = messages(locale, 'routes') as unknown as Record<string, Record<string, string>>;
  if (name === 'index') {
    const home = messages(locale, 'home');
    return { h1: home.hero_title!, sentence: home.hero_text! };
  }
  if (name === 'login') {
    const auth = messages(locale, 'auth');
    return { h1: auth.login_title!, sentence: auth.login_intro! };
  }
  if (name === 'signup') {
    const signup = messages(locale, 'signup');
    return { h1: signup.title!, sentence: signup.intro! };
  }
  if (name === 'pricing') {
    return { h1: routes.pricing!.title!, sentence: messages(locale, 'payments').pricing_intro! };
  }
  if (name.startsWith('pages-')) {
    const document = siteDocument(locale, name.replace('pages-', ''));
    const paragraph = document.blocks.find((block) => 'p' in block) ?? document.blocks[0]!;
    return { h1: document.title, sentence: textOfBlock(paragraph) };
  }
  return { h1: routes[name]!.title!, sentence: routes[name]!.text! };
}

const textOf = (html: string) => unescapeHtml(html.replace(/<[^>]+>/g, ''));

/** The page as the server sends it, before any script has run. */
async function pageAsSent(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(app.url(path), { headers });
  return { status: response.status, html: await response.text() };
}

describe('every page the server renders for visitors, as sent', () => {
  for (const locale of ['en', 'pl']) {
    it(`holds its own heading and text in ${locale}, with nothing left to load`, async () => {
      const missing: string[] = [];
      for (const { name, path } of RENDERED_PATHS) {
        const { status, html } = await pageAsSent(path, { 'accept-language': locale });
        const expected = ownText(name, locale);
        const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
        const body = textOf(html.slice(html.indexOf('<div id="root">')));
        if (status !== 200) missing.push(`${path}: status ${status}`);
        if (!h1 || textOf(h1) !== expected.h1) missing.push(`${path}: <h1> ${h1}`);
        if (!body.includes(expected.sentence)) missing.push(`${path}: "${expected.sentence}"`);
        // No stand-in waits for the app: no placeholder bar, no skeleton, no disabled submit.
        if (/class="placeholder/.test(html)) missing.push(`${path}: a placeholder`);
        if (/<button[^>]*type="submit"[^>]*\sdisabled/.test(html))
          missing.push(`${path}: a disabled submit button`);
        if (!html.includes('data-start="after-load"')) missing.push(`${path}: not whole`);
      }
      expect(missing).toEqual([]);
    });
  }

  it('prices in the visitor’s payment country, and a lander’s signup for a campaign visitor', async () => {
    const pricing = async (cookie?: string) =>
      textOf((await pageAsSent('/pricing', cookie ? { cookie } : {})).html);
    const products = async (country: string) =>
      (await (await fetch(app.url(`/api/products.php?country=${country}`))).json()) as {
        products: { amount: number; currency: string }[];
      };
    const polish = await products('PL');
    const priced = await pricing('amora.paymentCountry=PL');
    expect(priced).toContain(messages('en', 'payments').vat_included!);
    const [first] = polish.products;
    const price = new Intl.NumberFormat('en', { style: 'currency', currency: first!.currency })
      .format(first!.amount / 100)
      .replace(/\u00a0/g, ' ');
    expect(priced.replace(/\u00a0/g, ' ')).toContain(price);

    // Signups for campaign visitors only: a visitor from one gets the form, in the HTML.
    const admin = await app.newPage();
    await logInThroughUi(admin.page, app.server.url, ADMIN);
    const saveSignups = (signups: string) =>
      saveSiteSettings(admin.page, app.server.url, { signups });
    await saveSignups('with_trafficsource');
    try {
      const invitation = messages('en', 'signup').invite_only_title!;
      const email = messages('en', 'signup').email!;
      const plain = await pageAsSent('/landers/video/campaign');
      expect(textOf(plain.html)).toContain(invitation);
      const arriving = await pageAsSent('/landers/video/campaign?network=partner1');
      expect(textOf(arriving.html)).not.toContain(invitation);
      expect(textOf(arriving.html)).toContain(email);
      const kept = await pageAsSent('/landers/video/campaign', {
        cookie: `amora_tracking=${encodeURIComponent(JSON.stringify({ network: 'partner1' }))}`,
      });
      expect(textOf(kept.html)).not.toContain(invitation);

      // In the browser: the form as sent, taken over without a mismatch.
      const { context, page } = await app.newPage();
      const problems = watchProblems(page);
      await page.goto(app.url('/landers/video/campaign?network=partner1'));
      await page.locator('.signup-flow').getByLabel('E-mail address').waitFor();
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await saveSignups('all');
      await admin.context.close();
    }
  });
});

describe('visitor pages untouched in the browser', () => {
  it('show their text in <main> at load, in the visitor’s language, and the app takes them over as they are', async () => {
    // Untouched: not app.newPage(), whose goto waits for the app.
    const context = await app.browser.newContext({ locale: 'pl-PL', serviceWorkers: 'block' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const letGo = await holdTheApp(context);
    const mainText = async () => (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    for (const name of ['pages-terms', 'pricing', 'landers-gallery', 'index']) {
      const { path } = RENDERED_PATHS.find((route) => route.name === name)!;
      await page.goto(app.url(path), { waitUntil: 'load' });
      const expected = ownText(name, 'pl');
      // At load, without the app: the page as sent.
      expect(await appState(page), path).toBeUndefined();
      expect(await mainText(), path).toContain(expected.h1);
      expect(await mainText(), path).toContain(expected.sentence.replace(/\s+/g, ' '));
    }
    // Nobody touches the page: the app comes after load all the same, and the page reads as
    // before, in the same language, with nothing failed.
    letGo();
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    expect(await mainText()).toContain(ownText('index', 'pl').h1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pl-PL');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('register the service worker on / untouched, and hold the install offer for the app', async () => {
    const { context, page } = await app.newPage({ serviceWorkers: 'allow' });
    await page.goto(app.url('/'));
    const ready = await page.evaluate(async () => {
      const registration = await Promise.race([
        navigator.serviceWorker.ready,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 12_000)),
      ]);
      return !!registration?.active;
    });
    expect(ready).toBe(true);
    // The browser offers installing before anyone touched the page: the app, once there,
    // still has the offer to show.
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: async () => {},
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      window.dispatchEvent(event);
    });
    await page.getByRole('button', { name: 'Install app' }).waitFor();
    // The unsubscribed notice of the digest mail's link is in the page as sent.
    const { html } = await pageAsSent('/?unsubscribed=1');
    expect(textOf(html)).toContain(messages('en', 'notifications').unsubscribed!);
    await context.close();
  });
});

describe('visitor pages rendered on the server (decision 046)', () => {
  it('come whole in the visitor’s language, with the scripts after what the page shows', async () => {
    const { status, html } = await pageAsSent('/login', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(status).toBe(200);
    expect(html).toContain('<html lang="de-DE"');
    expect(html).toMatch(/<h1[^>]*>Einloggen<\/h1>/);
    expect(html).toContain('id="amora-page-data"');
    // Its app starts after load (decision 054): the page comes with the start-up script
    // alone, the app's own scripts named only in a template until then.
    expect(html).toContain('data-start="after-load"');
    const preloads = /<template id="amora-start-preloads">([\s\S]*?)<\/template>/.exec(html)?.[1];
    expect(preloads).toMatch(/<link rel="modulepreload"[^>]*startup-[\w-]+\.js/);
    expect(html.replace(preloads ?? '', '')).not.toMatch(/startup-[\w-]+\.js/);
    // Nothing the server knows about anyone is in it: no member is logged in.
    expect(html).not.toContain(DEMO.email);
  });

  it('show their content with scripts off, and a form sent then keeps the password out of the address', async () => {
    // Not app.newPage(): its goto waits for the app, which never runs here.
    const context = await app.browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(app.url('/login'));
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await page.getByLabel('E-mail address').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(page.url()).not.toContain('password');
    expect(page.url()).not.toContain(encodeURIComponent(DEMO.email));
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await context.close();
  });

  it('are taken over by the app without a mismatch, and work as before', async () => {
    const { context, page } = await app.newPage({ locale: 'fr-FR' });
    const problems = watchProblems(page);
    for (const path of VISITOR_PAGES) {
      await page.goto(app.url(path));
      expect(await page.locator('#amora-page-data').count(), path).toBe(1);
      expect(await page.evaluate(() => document.documentElement.lang), path).toBe('fr-FR');
    }
    expect(problems).toEqual([]);

    // The taken-over login form logs in.
    await page.goto(app.url('/login'));
    await page.getByLabel('Adresse e-mail').fill(DEMO.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.waitForURL(/\/members$/);
    expect(problems).toEqual([]);

    // A member gets the app's bare page, which the app renders itself.
    await page.goto(app.url('/'));
    expect(await page.locator('#amora-page-data').count()).toBe(0);
    await page.waitForURL(/\/members$/);
    await context.close();
  });

  it('start their app after load, which then does what was clicked or sent before it came', async () => {
    const context = await app.browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    // Not app.newPage(): its goto waits for the app, and this test acts before it.
    const page = await context.newPage();
    const pagesAsked: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) pagesAsked.push(new URL(request.url()).pathname);
    });
    let letGo = await holdTheApp(context);

    // A link clicked before the app is there: the app follows it, without loading a page.
    await page.goto(app.url('/'), { waitUntil: 'load' });
    await page.locator('header').getByRole('link', { name: 'Log in', exact: true }).click();
    expect(await appState(page)).toBe('starting');
    letGo();
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(pagesAsked).toEqual(['/']);

    // Typed and sent before the app is there: the app logs the member in with it.
    await context.unrouteAll();
    letGo = await holdTheApp(context);
    await page.goto(app.url('/login'), { waitUntil: 'load' });
    expect(await appState(page)).toBeUndefined();
    await page.getByLabel('E-mail address').pressSequentially(DEMO.email);
    await page.getByLabel('Password', { exact: true }).pressSequentially(DEMO.password);
    await page.keyboard.press('Enter');
    letGo();
    await page.waitForURL(/\/members$/);
    expect(pagesAsked).toEqual(['/', '/login']);

    // Should the app not load at all, a link held for it is followed by the browser.
    await context.clearCookies();
    await context.unrouteAll();
    await context.route(/\/assets\/startup-/, (route) => route.abort());
    await page.goto(app.url('/pages/terms'), { waitUntil: 'load' });
    await page.locator('header').getByRole('link', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/\/login$/);
    expect(pagesAsked.at(-1)).toBe('/login');
    await context.close();
  });

  it('do a tap made before the app is ready exactly once', async () => {
    const context = await app.browser.newContext({
      locale: 'en-US',
      serviceWorkers: 'block',
      hasTouch: true,
      isMobile: true,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const letGo = await holdTheApp(context);
    await page.goto(app.url('/login'), { waitUntil: 'load' });
    // "Show password" turns the field to text: done twice it would be hidden again, and
    // not done at all it would stay hidden.
    const password = page.getByLabel('Password', { exact: true });
    await page.getByRole('button', { name: 'Show password' }).tap();
    expect(await appState(page)).toBe('starting');
    expect(await password.getAttribute('type')).toBe('password');
    letGo();
    await page.getByRole('button', { name: 'Hide password' }).waitFor();
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-holding'));
    expect(await password.getAttribute('type')).toBe('text');
    expect(
      await page.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await context.close();
  });

  it('keep what a visitor typed before the app came, and the app goes on from it', async () => {
    const context = await app.browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    const letGo = await holdTheApp(context);
    await page.goto(app.url('/landers/video/typed-first'), { waitUntil: 'load' });
    const form = page.locator('.signup-flow');
    await form.getByLabel('E-mail address').pressSequentially('anna.smith@example.org');
    expect(await appState(page)).toBe(undefined);
    letGo();
    // The signup form fills the name from the address as it is typed: with the app there,
    // it has been told the address.
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    await expect.poll(() => form.getByLabel('Your first name').inputValue()).toBe('Anna smith');
    expect(await form.getByLabel('E-mail address').inputValue()).toBe('anna.smith@example.org');
    await context.close();
  });

  it('keep a question typed on the service page before the app came', async () => {
    const context = await app.browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    const letGo = await holdTheApp(context);
    await page.goto(app.url('/pages/service'), { waitUntil: 'load' });
    const question = page.getByLabel('Your message');
    await question.fill('Where do I change my e-mail address?');
    letGo();
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-holding'));
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    expect(await question.inputValue()).toBe('Where do I change my e-mail address?');
    await context.close();
  });

  it('take a language chosen before the app came, once the page is the app’s, without a mismatch', async () => {
    const context = await app.browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const letGo = await holdTheApp(context);
    await page.goto(app.url('/landers/gallery/language-first'), { waitUntil: 'load' });
    expect(await appState(page)).toBeUndefined();
    // Chosen with the keyboard's worth of events only: no pointer, no touch.
    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('pl');
    letGo();
    await page.waitForFunction(() => document.documentElement.lang === 'pl-PL');
    await page
      .getByRole('heading', { level: 1, name: ownText('landers-gallery', 'pl').h1 })
      .waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('come with the members a lander shows, its first photo alone and fetched at once, and no second search', async () => {
    // As the browser below asks: the visitor's language also places them (geoip fallback).
    const { html } = await pageAsSent('/landers/video/spring-campaign', {
      'accept-language': 'en-US',
    });
    const label = unescapeHtml(/aria-label="(Photos of members: [^"]+)"/.exec(html)?.[1] ?? '');
    expect(label.split(',').length).toBeGreaterThan(1);
    // One face of the slideshow is shown at a time: a phone's first load fetches one photo.
    const photos = [...html.matchAll(/<img src="\/uploads\/[^"]+"[^>]*>/g)].map(([tag]) => tag);
    expect(photos).toHaveLength(1);
    expect(photos[0]).toContain('loading="eager"');
    expect(photos[0]).toMatch(/fetchpriority="high"/i);

    const { context, page } = await app.newPage();
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/search.php')) searches.push(request.url());
    });
    await page.goto(app.url('/landers/video/spring-campaign'));
    const faces = page.getByRole('img', { name: /^Photos of members: / });
    // The app took the page over with the members the server read for it; the other
    // faces join a moment later.
    expect(await faces.getAttribute('aria-label')).toBe(label);
    await expect.poll(() => faces.locator('img').count()).toBe(label.split(',').length);
    expect(searches).toEqual([]);
    await context.close();
  });

  it('answer a form sent to a page with the page again, and a member’s page is never rendered', async () => {
    const posted = await fetch(app.url('/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: DEMO.email, password: DEMO.password }),
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/login');

    const members = await pageAsSent('/members');
    expect(members.status).toBe(200);
    expect(members.html).toContain('<div id="root"></div>');
  });
});

describe('the renderings one address may cause', () => {
  it('are limited a minute; past it the bare app comes, while a kept page still comes rendered', async () => {
    const own = await startApp({ PAGE_RENDERS_PER_MINUTE: '3' });
    try {
      const rendered = async (path: string) =>
        (await (await fetch(own.url(path))).text()).includes('id="amora-page-data"');
      // Ever new addresses, each a new rendering.
      expect(await rendered('/pages/terms?n=1')).toBe(true);
      expect(await rendered('/pages/terms?n=2')).toBe(true);
      expect(await rendered('/pages/terms?n=3')).toBe(true);
      expect(await rendered('/pages/terms?n=4')).toBe(false);
      // A page kept from a moment ago costs nothing.
      expect(await rendered('/pages/terms?n=1')).toBe(true);
    } finally {
      await own.close();
    }
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)('a visitor page whose read failed on the server', () => {
  it('comes with its own text but without the after-load mark, and its app starts at once and reads again', async () => {
    const name = `amora_e2e_render_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    const own = await startApp({ DATABASE_URL: url.toString() });
    const db = new pg.Client({ connectionString: url.toString() });
    try {
      await db.connect();
      // The members' search breaks: the home page's glimpse cannot be read.
      await db.query('alter table search_profiles rename to search_profiles_away');
      const html = await (await fetch(own.url('/'))).text();
      expect(html).toContain('id="amora-page-data"');
      expect(html).not.toContain('data-start="after-load"');
      expect(textOf(html)).toContain(ownText('index', 'en').h1);

      const { context, page } = await own.newPage();
      const searches: number[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/search.php')) searches.push(response.status());
      });
      // The fixture's goto waits for the app, which starts by itself here and reads again.
      await page.goto(own.url('/'));
      expect(await page.locator('#amora-page-data').getAttribute('data-start')).toBeNull();
      await db.query('alter table search_profiles_away rename to search_profiles');
      await expect.poll(() => searches.at(-1), { timeout: 15_000 }).toBe(200);
      expect(searches[0]).toBe(500);
      await context.close();
    } finally {
      await db.end();
      await own.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
