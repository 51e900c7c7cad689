import { useEffect } from 'react';

/** Sets the browser tab title as "Page · Site". */
export function useDocumentTitle(title: string | undefined, siteName: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${siteName}` : siteName;
  }, [title, siteName]);
}
