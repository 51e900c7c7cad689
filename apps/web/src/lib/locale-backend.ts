import type { BackendModule } from 'i18next';
import { appConfig } from '@/config/app-config';
import { fetchUncacheableLocale } from './uncacheable-locales';

/**
 * Loads `/_i18n/{locale}/{namespace}.json` for i18next: the few lines of
 * i18next-http-backend this app uses, 2 KB less on the first page (issue 24). The second
 * argument of the callback tells i18next whether a retry may help (network, 5xx) or not
 * (4xx, a broken file), as that backend does.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const url = `/_i18n/${language}/${namespace}.json?v=${appConfig.buildId}`;
    const init: RequestInit = { mode: 'cors', credentials: 'same-origin' };
    (fetchUncacheableLocale(url, init) ?? fetch(url, init)).then(
      async (response) => {
        if (!response.ok) {
          callback(
            `failed loading ${url}; status code: ${response.status}`,
            response.status >= 500,
          );
          return;
        }
        try {
          callback(null, await response.json());
        } catch {
          callback(`failed parsing ${url} to json`, false);
        }
      },
      (error: unknown) => callback(`failed loading ${url}: ${String(error)}`, true),
    );
  },
};
