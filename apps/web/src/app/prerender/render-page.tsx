/**
 * The server's rendering of a visitor's page (decision 046), built for Node apart from the
 * app (`vite build --ssr`) and loaded by the server from the same release as the scripts
 * it sends, so the markup and the scripts that take it over always come from one build.
 */
import type { Locale } from '@amora/shared/constants';
import { type RENDER_COOKIES, TRACKING_COOKIE } from '@amora/shared/page-marks';
import type { CompanyInfo, Settings } from '@amora/shared/schemas/site';
import { dehydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { answerCallsOnServer, type ServerCalls } from '@/lib/api-client';
import { I18N_OPTIONS } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { readCookiesWhileRendering } from '@/lib/storage';
import { storedTracking, trackingAfter } from '@/lib/tracking';
import { takeRenderedTitle } from '@/lib/use-document-title';
import { appRoutes } from '../router';
import { type PageData, pageDataElement, seedQueries } from './page-data';

export interface RenderRequest {
  /** The page's absolute URL. */
  url: string;
  locale: Locale;
  /** The locale's message table, as `/_i18n/{locale}/messages.json` serves it. */
  messages: Record<string, unknown>;
  /** The settings `/api/settings.php` answers this visitor. */
  settings: Settings;
  /** What `/api/companyinfo.php` answers: the footer shows it. */
  companyInfo: CompanyInfo;
  /** The visitor's cookies among RENDER_COOKIES; the server passes no other. */
  cookies: Partial<Record<(typeof RENDER_COOKIES)[number], string>>;
  /** The API's answers to this visitor's reads, from the server's own process. */
  calls: ServerCalls;
}

export interface RenderedPage {
  /** The markup for `#root`. */
  html: string;
  /** The page's `<title>` text, as the app sets it ("Page · Site"). */
  title: string | null;
  /** The data block the app takes the page over with (page-data.ts). */
  data: string;
  /**
   * The page shows all it will show: its app starts once the page has loaded (decision
   * 054). Not when a loader's read failed: the app starts at once and asks again.
   */
  startsAfterLoad: boolean;
}

// The tables come with each request (the server reads them from the build), not by fetch.
const ready = i18next.use(initReactI18next).init({ ...I18N_OPTIONS, resources: {} });

/**
 * One page at a time: the language is the one i18next instance's, and the visitor's
 * cookies and the API are the module's own while a page renders.
 */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders a visitor's page, or answers null when the route does not render to a page of
 * its own (it redirects, or is not found): the server then sends the bare app.
 */
export function renderPage(request: RenderRequest): Promise<RenderedPage | null> {
  const rendered = queue.then(() => render(request));
  queue = rendered.catch(() => undefined);
  return rendered;
}

/**
 * The visitor's cookies as the browser's start-up script leaves them: a campaign's
 * parameters in the address are kept with the visitor before the app reads them.
 */
function cookiesAfterArrival(url: URL, cookies: RenderRequest['cookies']): Record<string, string> {
  const own: Record<string, string> = { ...cookies };
  readCookiesWhileRendering(own);
  const tracking = trackingAfter(url.searchParams, storedTracking());
  if (Object.keys(tracking).length > 0) own[TRACKING_COOKIE] = JSON.stringify(tracking);
  return own;
}

async function render(request: RenderRequest): Promise<RenderedPage | null> {
  await ready;
  if (!i18next.hasResourceBundle(request.locale, 'messages')) {
    i18next.addResourceBundle(request.locale, 'messages', request.messages);
  }
  await i18next.changeLanguage(request.locale);

  const queryClient = createQueryClient();
  // A read that fails is left to the browser: no retries while the visitor waits.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  seedQueries(queryClient, request);
  readCookiesWhileRendering(cookiesAfterArrival(new URL(request.url), request.cookies));
  answerCallsOnServer(request.calls);
  takeRenderedTitle();
  try {
    // The routes' loaders read what each screen shows (screen-loader.ts), as in the browser.
    const handler = createStaticHandler(appRoutes(queryClient));
    const context = await handler.query(new Request(request.url));
    if (context instanceof Response || context.errors) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    // `prerender` waits for the parts loaded lazily, so the page comes whole, not as fallbacks.
    const { prelude } = await prerender(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </StrictMode>,
      // A large page would otherwise have its larger parts sent after the rest, each put
      // in place by an inline script (for a stream's sake; this page is sent whole).
      { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
    );
    const html = await new Response(prelude).text();
    if (html.includes(PENDING_BOUNDARY)) return null;
    const data: PageData = {
      locale: request.locale,
      router: { loaderData: context.loaderData, actionData: context.actionData },
      queries: dehydrate(queryClient),
    };
    const startsAfterLoad = !anyReadFailed(queryClient);
    return {
      html: beforeTheAppTakesOver(html),
      title: takeRenderedTitle(),
      data: pageDataElement(data, startsAfterLoad),
      startsAfterLoad,
    };
  } finally {
    answerCallsOnServer(null);
    readCookiesWhileRendering(null);
  }
}

const anyReadFailed = (queryClient: QueryClient) =>
  queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' })
    .length > 0;

/**
 * React's mark of a part sent after the rest with an inline script to put it in place,
 * which the CSP rightly blocks: such a page is not sent (the bare app instead).
 */
const PENDING_BOUNDARY = '<!--$?-->';

/**
 * A form sent before the app has taken the page over is sent by the browser itself: with
 * `post`, its fields (a password) go in the body, never into the address, which servers and
 * proxies log. The server answers such a post with the page again (web-app.ts).
 */
function beforeTheAppTakesOver(html: string): string {
  return html.replace(/<form(?![^>]*\smethod=)/g, '<form method="post"');
}
