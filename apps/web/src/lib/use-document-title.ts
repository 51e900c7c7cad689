import { useEffect } from 'react';
import { useSiteName } from './settings-query';

/** Sets the browser tab title as "Page · Site". */
export function useDocumentTitle(title: string | undefined) {
  const siteName = useSiteName();
  useEffect(() => {
    document.title = title ? `${title} · ${siteName}` : siteName;
  }, [title, siteName]);
}
