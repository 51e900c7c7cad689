import type { Locale } from '@amora/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { currentLocale } from '@/lib/i18n';

export type LegalDocumentName = 'terms' | 'privacy';
type Block = { h: string } | { p: string } | { li: string[] };
type LegalTexts = Record<LegalDocumentName, { title: string; updated: string; blocks: Block[] }>;

const loaders: Record<Locale, () => Promise<{ default: LegalTexts }>> = {
  en: () => import('@/content/legal/en.json'),
  nl: () => import('@/content/legal/nl.json'),
  de: () => import('@/content/legal/de.json'),
  it: () => import('@/content/legal/it.json'),
  fr: () => import('@/content/legal/fr.json'),
  es: () => import('@/content/legal/es.json'),
  pl: () => import('@/content/legal/pl.json'),
};

/** Terms or privacy in the interface language, loaded only when someone opens them. */
export function useLegalDocument(name: LegalDocumentName) {
  const locale = currentLocale();
  return useQuery({
    queryKey: ['legal', locale],
    queryFn: async () => (await loaders[locale]()).default,
    staleTime: Number.POSITIVE_INFINITY,
    select: (texts) => texts[name],
  });
}

export function LegalDocument({ name }: { name: LegalDocumentName }) {
  const { data } = useLegalDocument(name);
  if (!data)
    return (
      <p className="placeholder-glow">
        <span className="placeholder col-12" />
      </p>
    );
  return (
    <article>
      <p className="text-body-secondary small">{data.updated}</p>
      {data.blocks.map((block, i) => {
        const key = `${name}-${i}`;
        if ('h' in block)
          return (
            <h3 key={key} className="h6 mt-3">
              {block.h}
            </h3>
          );
        if ('li' in block)
          return (
            <ul key={key}>
              {block.li.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          );
        return <p key={key}>{block.p}</p>;
      })}
    </article>
  );
}
