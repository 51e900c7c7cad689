import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { DefaultLayout } from '../../layouts/default-layout';
import { PageLoading } from '../../layouts/page-loading';

/** The error page offers signup and members: loaded when an error is shown, not at start. */
const ErrorView = lazy(() =>
  import('./error-view').then((module) => ({ default: module.ErrorView })),
);

const RELOAD_GUARD_MS = 10_000;

/** After a deployment old chunks are gone: reload once (per path, per 10 s) to get the new build. */
function reloadForMissingChunk(error: unknown, pathname: string): boolean {
  const message = error instanceof Error ? error.message : '';
  if (
    !/dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      message,
    )
  ) {
    return false;
  }
  const key = `amora-chunk-reload:${pathname}`;
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(key, String(Date.now()));
  window.location.reload();
  return true;
}

/** A thrown route error (a failed loader or a crash in a screen), inside the default frame. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { pathname } = useLocation();
  if (reloadForMissingChunk(error, pathname)) return null;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!notFound) console.error(error);
  return (
    <DefaultLayout>
      <Suspense fallback={<PageLoading />}>
        <ErrorView
          status={status}
          message={
            notFound ? t('error_page.not_found', { path: pathname }) : t('error_page.generic')
          }
        />
      </Suspense>
    </DefaultLayout>
  );
}
