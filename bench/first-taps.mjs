// The first tap on a visitor's page, on Lighthouse's own mobile profile (issue 41): how long
// from the tap until the answer shows, on a page nobody has touched (cold: the app starts
// after load, decision 054) and on the same page once its app runs (warm), with what the
// phone's main thread was blocked for before the untouched tap. Medians of RUNS pairs.
// Figures only: nothing here is a test.

/** Lighthouse's mobile profile: a CPU four times slower, 150 ms round trips, 1.6 / 0.75 Mbit/s. */
const PROFILE = {
  cpu: 4,
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
};
/** How long the page lies untouched after `load`, as a visitor reads before tapping. */
const READ_MS = 5000;
const ANSWER_TIMEOUT_MS = 30_000;

/**
 * The four taps of issue 41, each with what counts as its answer: the next screen's main
 * control visible, or the control's own change painted.
 */
export const FIRST_TAPS = [
  {
    name: '"Sign up" on /login',
    path: '/login',
    control: (page) => page.getByRole('link', { name: 'Create a free account' }),
    tap: (control) => control.tap(),
    answered: async (page) => {
      await page.waitForURL('**/signup');
      await page.getByLabel('E-mail address').first().waitFor();
    },
  },
  {
    name: '"Log in" on /',
    path: '/',
    // On a phone the home page's own "I already have an account" (the header has no room).
    control: (page) => page.getByRole('link', { name: 'I already have an account' }),
    tap: (control) => control.tap(),
    answered: async (page) => {
      await page.waitForURL('**/login');
      await page.getByLabel('Password', { exact: true }).waitFor();
    },
  },
  {
    name: "a lander's first member",
    path: '/landers/gallery/bench',
    control: (page) => page.locator('.member-card a').first(),
    tap: (control) => control.tap(),
    // Leaving a lander first asks whether to finish signing up (spec section 3).
    answered: (page) => page.getByRole('dialog', { name: 'Finish signing up?' }).waitFor(),
  },
  {
    name: 'the language on /pricing',
    path: '/pricing',
    control: (page) => page.getByRole('combobox', { name: 'Language' }).first(),
    tap: (control) => control.selectOption('de'),
    answered: (page) => page.getByRole('heading', { level: 1, name: 'Preise' }).waitFor(),
  },
];

/** A 390 px phone without the service worker: every page of the front-end bench. */
export const PHONE_SCREEN = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  serviceWorkers: 'block',
};

/** A phone with Lighthouse's throttling, on a fresh profile. */
async function phone(browser) {
  const context = await browser.newContext({ ...PHONE_SCREEN, locale: 'en-US' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpu });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PROFILE.network);
  return { context, page };
}

/**
 * What the phone's main thread was blocked for before the tap, as Lighthouse's TBT counts
 * it (each long task's time past 50 ms) but measured on the throttled phone itself, from
 * the page's start: what a visitor's touch would have waited behind.
 */
function countBlocking() {
  window.__amoraBlocked = 0;
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) window.__amoraBlocked += Math.max(0, task.duration - 50);
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * One tap's time to its answer, in ms, and the main thread's blocking time before it;
 * `warm` first lets the app start and settle.
 */
async function timeTap(browser, baseUrl, tap, warm) {
  const { context, page } = await phone(browser);
  await page.addInitScript(countBlocking);
  try {
    await page.goto(`${baseUrl}${tap.path}`, { waitUntil: 'load', timeout: 60_000 });
    if (warm) {
      // A touch on the page's heading: the visitor is there, and the app starts.
      await page.getByRole('heading', { level: 1 }).first().tap();
      await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', null, {
        timeout: 60_000,
      });
    }
    await page.waitForTimeout(READ_MS);
    const blocked = await page.evaluate(() => window.__amoraBlocked);
    // Found before the clock starts, cold and warm alike: the first time Playwright looks
    // into a page it sets up its own scripts there, which no visitor's tap pays for.
    const control = tap.control(page);
    await control.waitFor();
    const started = performance.now();
    await tap.tap(control);
    await Promise.race([
      tap.answered(page),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`${tap.name}: no answer`)), ANSWER_TIMEOUT_MS),
      ),
    ]);
    return { ms: performance.now() - started, blocked };
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Each tap cold and warm, `runs` pairs, medians; with the cold page's blocking time from
 * its start to the tap (median).
 */
export async function firstTaps(browser, baseUrl, runs) {
  const rows = [];
  for (const tap of FIRST_TAPS) {
    const cold = [];
    const warm = [];
    for (let run = 0; run < runs; run++) {
      cold.push(await timeTap(browser, baseUrl, tap, false));
      warm.push(await timeTap(browser, baseUrl, tap, true));
    }
    rows.push({
      name: tap.name,
      cold: median(cold.map((tapped) => tapped.ms)),
      warm: median(warm.map((tapped) => tapped.ms)),
      blocked: median(cold.map((tapped) => tapped.blocked)),
    });
  }
  return rows;
}
