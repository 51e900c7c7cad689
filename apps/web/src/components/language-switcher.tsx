import { LOCALES, type Locale } from '@amora/shared/constants';
import { Globe } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from '@/lib/i18n';

/**
 * Switches the interface language and remembers it in the locale cookie. The compact
 * form (top bars) shows language codes; the full form shows the languages' own names.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="d-flex align-items-center gap-1">
      <label
        htmlFor={id}
        className={
          compact
            ? 'text-body-secondary d-inline-flex'
            : 'small text-body-secondary d-inline-flex align-items-center gap-1'
        }
      >
        <Globe size={18} aria-hidden="true" />
        <span className={compact ? 'visually-hidden' : undefined}>{t('common.language')}</span>
      </label>
      <select
        id={id}
        className="form-select form-select-sm w-auto"
        value={currentLocale()}
        onChange={(event) => void changeLocale(event.target.value as Locale)}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale} title={t(`languages.${locale}`)}>
            {compact ? locale.toUpperCase() : t(`languages.${locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
