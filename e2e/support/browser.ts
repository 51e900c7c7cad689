import { type Browser, chromium, type LaunchOptions } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium, headless, with nothing reaching out to the network by itself. */
export function browserOptions(): LaunchOptions {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Pages share renderer processes instead of starting one each: about a seventh less
      // CPU for the suite, whose many short-lived pages would each start its own.
      '--renderer-process-limit=2',
    ],
  };
}

/** A Chromium of this file's own. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(browserOptions());
}

/**
 * The run's shared Chromium (started by global-setup.ts). Closing the returned browser
 * disconnects this file and closes the contexts it made; the Chromium keeps running.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWsEndpoint'));
}
