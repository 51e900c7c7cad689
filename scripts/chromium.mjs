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
