import { existsSync } from 'node:fs';
import { type Browser, chromium, type LaunchOptions } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, CHROMIUM_SHELL_PATH } from '../../scripts/chromium.mjs';

/**
 * `shell`: Debian's headless shell where it is installed (the same engine, about half the
 * CPU), else the full Chromium; `full`: the full Chromium, for push and the install prompt.
 */
export type BrowserKind = 'shell' | 'full';

/**
 * Debian's Chromium, headless, with nothing reaching out to the network by itself; `args`
 * adds flags a file needs (a fake camera, say).
 */
export function browserOptions(kind: BrowserKind = 'shell', args: string[] = []): LaunchOptions {
  return {
    executablePath:
      kind === 'shell' && existsSync(CHROMIUM_SHELL_PATH) ? CHROMIUM_SHELL_PATH : CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS,
      // Pages share renderer processes instead of starting one each: about a seventh less
      // CPU for the suite, whose many short-lived pages would each start its own.
      '--renderer-process-limit=2',
      ...args,
    ],
  };
}

/** A Chromium of this file's own, with `args` added to the usual flags. */
export function launchBrowser(kind: BrowserKind = 'shell', args: string[] = []): Promise<Browser> {
  return chromium.launch(browserOptions(kind, args));
}

/**
 * This worker's Chromium (started by global-setup.ts). Closing the returned browser
 * disconnects this file and closes the contexts it made; the Chromium keeps running.
 */
export function connectBrowser(): Promise<Browser> {
  const endpoints = inject('browserWsEndpoints');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return chromium.connect(endpoints[(worker - 1) % endpoints.length]!);
}
