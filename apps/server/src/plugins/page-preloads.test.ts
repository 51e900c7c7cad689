import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptedLanguages, pagePreloads } from './page-preloads.js';

const webRoot = mkdtempSync(join(tmpdir(), 'amora-preloads-'));
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));
writeFileSync(
  join(webRoot, 'route-preloads.json'),
  JSON.stringify({
    build: 'b1',
    start: ['/assets/startup.js'],
    routes: { login: ['/assets/a.js', '/assets/login-page.js'] },
  }),
);

describe('acceptedLanguages', () => {
  it('orders the browser languages by weight, then as sent, without * and q=0', () => {
    expect(acceptedLanguages('en;q=0.5, de-DE, nl;q=0.8, fr;q=0, *;q=0.1, pl;q=0.8')).toEqual([
      'de-DE',
      'nl',
      'pl',
      'en',
    ]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('the links a page is sent with', () => {
  const linksFor = pagePreloads(webRoot);

  it('announces the screen’s scripts and the locale table the app will pick', () => {
    const links = linksFor('login', undefined, 'de-DE,de;q=0.9,en;q=0.8', []);
    expect(links).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/_i18n/de/messages.json?v=b1">',
    );
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/a.js">');
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/login-page.js">');
  });

  it('announces the app’s start on every page, before the screen it shows (decision 048)', () => {
    const scripts = (links: string) =>
      [...links.matchAll(/modulepreload[^>]*href="([^"]+)"/g)].map(([, href]) => href);
    expect(scripts(linksFor('login', undefined, 'en', []))).toEqual([
      '/assets/startup.js',
      '/assets/a.js',
      '/assets/login-page.js',
    ]);
    expect(scripts(linksFor(null, undefined, 'en', []))).toEqual(['/assets/startup.js']);
  });

  it('follows the language cookie over the browser, and English when nothing fits', () => {
    expect(linksFor('login', 'it', 'de', [])).toContain('/_i18n/it/messages.json');
    expect(linksFor(null, undefined, 'ja, ko', [])).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/_i18n/en/messages.json?v=b1">',
    );
  });

  it('leaves out a locale the operator made uncacheable, which the app asks for with no-cache', () => {
    expect(linksFor('login', 'de', undefined, ['de'])).not.toContain('_i18n');
  });

  it('adds nothing for a build without the list', () => {
    expect(pagePreloads(join(webRoot, 'missing'))('login', undefined, 'de', [])).toBe('');
  });
});
