import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Locale sources live in `src/locales/<locale>/<area>.json`; the app loads one
 * `/_i18n/<locale>/messages.json` per locale with every area as a top-level key.
 */
export function readLocaleMessages(localesDir: string, locale: string): Record<string, unknown> {
  const dir = join(localesDir, locale);
  const messages: Record<string, unknown> = {};
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    messages[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  }
  return messages;
}

export function listLocales(localesDir: string): string[] {
  return readdirSync(localesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

export function localeMessagesPlugin(localesDir: string): Plugin {
  return {
    name: 'amora-locale-messages',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = /^\/_i18n\/(\w+)\/messages\.json/.exec(req.url ?? '');
        if (!match?.[1] || !listLocales(localesDir).includes(match[1])) return next();
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(readLocaleMessages(localesDir, match[1])));
      });
    },
    generateBundle() {
      for (const locale of listLocales(localesDir)) {
        this.emitFile({
          type: 'asset',
          fileName: `_i18n/${locale}/messages.json`,
          source: JSON.stringify(readLocaleMessages(localesDir, locale)),
        });
      }
    },
  };
}
