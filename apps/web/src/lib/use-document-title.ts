import { useEffect } from 'react';
import { useSiteName } from './settings-query';

/**
 * The title the server's rendering of a page gave it (decision 046): its effects never
 * run there, so the title is kept as the page renders and put into the page's `<title>`.
 * One page renders at a time.
 */
let renderedTitle: string | null = null;

/** The title of the page just rendered on the server, and forgets it. */
export function takeRenderedTitle(): string | null {
  const title = renderedTitle;
  renderedTitle = null;
  return title;
}

/** Sets the browser tab title as "Page · Site". */
export function useDocumentTitle(title: string | undefined) {
  const siteName = useSiteName();
  const full = title ? `${title} · ${siteName}` : siteName;
  if (typeof document === 'undefined') renderedTitle = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
