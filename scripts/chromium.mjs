// Debian's Chromium as the scripts drive it (screenshots, the front-end bench): headless,
// and nothing reaching out to the network by itself. The tests have their own copy in
// e2e/support/browser.ts, which also limits renderer processes for the suite.
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
