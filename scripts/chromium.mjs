// Debian's Chromium as the scripts and tests drive it (screenshots, the front-end bench,
// e2e): headless, with nothing reaching out to the network by itself. The browser tests
// add their own renderer limit (e2e/support/browser.ts).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's old headless shell (package `chromium-headless-shell`): the same engine without
 * the browser's own layers, which the browser tests use where they can (about half the CPU
 * per page, docs/decisions/051). It has no push service and no install prompt: the tests of
 * those take the full Chromium. Unused when `CHROMIUM_PATH` names a browser.
 */
export const CHROMIUM_SHELL_PATH =
  process.env.CHROMIUM_PATH ??
  process.env.CHROMIUM_SHELL_PATH ??
  '/usr/bin/chromium-headless-shell';
