import type { ReactNode } from 'react';
import { useSettings } from '@/lib/settings-query';
import { Component as NotFound } from '../errors/not-found-page';

/**
 * The `/_dev` pages exist in the demo only: production leaves them out (its server answers
 * 404 for every `/_dev` path, decision 029), and a page reached inside the app says the same.
 */
export function DemoOnly({ children }: { children: ReactNode }) {
  const settings = useSettings();
  if (!settings.data) return null;
  return settings.data.demo ? children : <NotFound />;
}
