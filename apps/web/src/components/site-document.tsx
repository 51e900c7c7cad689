import type { Locale } from '@amora/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentLocale } from '@/lib/i18n';

/** Terms and privacy (also shown in the signup form), and the other static pages. */
const LEGAL = ['terms', 'privacy'] as const;
const PAGES = ['faq', 'service', 'cookies', 'return-policy', 'ban'] as const;
export type SiteDocumentName = (typeof LEGAL)[number] | (typeof PAGES)[number];

type Block = { h: string } | { p: string } | { li: string[] } | { q: string; a: string };
export interface SiteDocumentText {
  title: string;
  updated?: string;
  blocks: Block[];
}
type Texts = Record<string, SiteDocumentText>;
type Loaders = Record<Locale, () => Promise<{ default: Texts }>>;

// One file per locale and collection, so the signup form loads the legal texts alone.
const legal: Loaders = {
  en: () => import('@/content/legal/en.json'),
  nl: () => import('@/content/legal/nl.json'),
  de: () => import('@/content/legal/de.json'),
  it: () => import('@/content/legal/it.json'),
  fr: () => import('@/content/legal/fr.json'),
  es: () => import('@/content/legal/es.json'),
  pl: () => import('@/content/legal/pl.json'),
};
const pages: Loaders = {
  en: () => import('@/content/pages/en.json'),
  nl: () => import('@/content/pages/nl.json'),
  de: () => import('@/content/pages/de.json'),
  it: () => import('@/content/pages/it.json'),
  fr: () => import('@/content/pages/fr.json'),
  es: () => import('@/content/pages/es.json'),
  pl: () => import('@/content/pages/pl.json'),
};

const isLegal = (name: SiteDocumentName) => (LEGAL as readonly string[]).includes(name);

/**
 * One document in one language, one query each (`/pages/terms` carries the terms only):
 * loaded when someone opens it, or by the page's loader before it renders.
 */
export const siteDocumentQueryOptions = (name: SiteDocumentName, locale: Locale) => {
  const collection = isLegal(name) ? 'legal' : 'pages';
  return queryOptions({
    queryKey: ['site-document', collection, name, locale] as const,
    queryFn: async (): Promise<SiteDocumentText | null> =>
      (await (isLegal(name) ? legal : pages)[locale]()).default[name] ?? null,
    staleTime: Number.POSITIVE_INFINITY,
  });
};

/** A document in the interface language. */
export const useSiteDocument = (name: SiteDocumentName) =>
  useQuery(siteDocumentQueryOptions(name, currentLocale()));

export function SiteDocument({ name }: { name: SiteDocumentName }) {
  const { data } = useSiteDocument(name);
  if (!data)
    return (
      <p className="placeholder-glow">
        <span className="placeholder col-12" />
      </p>
    );
  return (
    <article className="site-document">
      {data.updated && <p className="text-body-secondary small">{data.updated}</p>}
      {data.blocks.map((block, i) => {
        const key = `${name}-${i}`;
        if ('h' in block)
          return (
            <h2 key={key} className="h6 fw-semibold mt-4">
              {block.h}
            </h2>
          );
        if ('li' in block)
          return (
            <ul key={key}>
              {block.li.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          );
        if ('q' in block)
          return (
            <details key={key} className="site-document-question">
              <summary>{block.q}</summary>
              <p>{block.a}</p>
            </details>
          );
        return <p key={key}>{block.p}</p>;
      })}
    </article>
  );
}
