import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locale } from '@amora/shared/constants';
import type { CompanyInfo, Settings } from '@amora/shared/schemas/site';
import type { FastifyBaseLogger } from 'fastify';
import { perMinuteLimit } from '../lib/per-minute-limit.js';

/** What the web build's server rendering answers (apps/web/src/app/prerender/render-page.tsx). */
export interface RenderedPage {
  html: string;
  /** The page's `<title>` text. */
  title: string | null;
  data: string;
  /** The page shows all it will show: its app starts once it has loaded (decision 054). */
  startsAfterLoad: boolean;
}

interface RenderModule {
  renderPage(request: {
    url: string;
    locale: Locale;
    messages: Record<string, unknown>;
    settings: Settings;
    companyInfo: CompanyInfo;
    cookies: Record<string, string>;
    calls: (path: string) => Promise<Response>;
  }): Promise<RenderedPage | null>;
}

/** A visitor's page to render: its address, language, settings and the visitor's own cookies. */
export interface PageToRender {
  url: URL;
  locale: Locale;
  settings: Settings;
  /** The visitor's cookies among RENDER_COOKIES (@amora/shared/page-marks). */
  cookies: Record<string, string>;
  calls: (path: string) => Promise<Response>;
}

/**
 * Pages kept rendered: a page is the same for every visitor with its locale and settings,
 * but the members it shows change, so for ten seconds only: a campaign's burst of
 * visitors costs one rendering a page every ten seconds, and a member who left or was
 * banned (or company details an admin changed) is gone from it as soon as from the app's
 * own search (staleTime 30 s).
 */
const CACHED_PAGES = 500;
const CACHED_FOR_MS = 10_000;

interface RendererOptions {
  /** The web build served: its `.ssr/render-page.js` and message tables. */
  webRoot: string;
  log: FastifyBaseLogger;
  /**
   * Renderings one client address may cause a minute (a kept page costs none; null: no
   * limit). Page loads are not under the API's call limit, and an address asking for ever
   * new addresses (`?x=1`, `?x=2`, …) would otherwise have the server render each.
   */
  rendersPerMinute: number | null;
  /** The company details the footer shows, read for each rendering. */
  companyInfo: () => Promise<CompanyInfo>;
}

/**
 * Renders a visitor's page with the web build's own components (decision 046), or answers
 * null: for a build without server rendering, a route that redirects, an address past its
 * limit, or a failure, which is logged; the visitor then gets the bare app, which renders
 * the page itself.
 */
export function pageRenderer({ webRoot, log, rendersPerMinute, companyInfo }: RendererOptions) {
  const modulePath = join(webRoot, '.ssr', 'render-page.js');
  if (!existsSync(modulePath)) return async () => null;
  // Loaded with the first page asked for: a start that serves no visitor does not pay.
  let module: Promise<RenderModule> | undefined;
  const messages = new Map<Locale, Record<string, unknown>>();
  const messagesOf = (locale: Locale) => {
    let table = messages.get(locale);
    if (!table) {
      table = JSON.parse(readFileSync(join(webRoot, '_i18n', locale, 'messages.json'), 'utf8'));
      messages.set(locale, table!);
    }
    return table!;
  };
  const pages = new Map<string, { page: RenderedPage | null; at: number }>();

  const mayRender = perMinuteLimit(rendersPerMinute);

  return async (
    { url, locale, settings, cookies, calls }: PageToRender,
    address: string,
  ): Promise<RenderedPage | null> => {
    // Everything the page is rendered from: the same key, the same page.
    const key = JSON.stringify([locale, `${url.pathname}${url.search}`, settings, cookies]);
    const cached = pages.get(key);
    pages.delete(key);
    if (cached && Date.now() - cached.at < CACHED_FOR_MS) {
      pages.set(key, cached);
      return cached.page;
    }
    if (!mayRender(address)) return null;
    try {
      module ??= import(pathToFileURL(modulePath).href) as Promise<RenderModule>;
      const page = await (await module).renderPage({
        url: url.href,
        locale,
        messages: messagesOf(locale),
        settings,
        companyInfo: await companyInfo(),
        cookies,
        calls,
      });
      pages.set(key, { page, at: Date.now() });
      if (pages.size > CACHED_PAGES) pages.delete(pages.keys().next().value!);
      return page;
    } catch (error) {
      log.warn({ err: error, path: url.pathname }, 'could not render the page on the server');
      return null;
    }
  };
}
