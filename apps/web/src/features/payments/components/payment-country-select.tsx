import type { Settings } from '@amora/shared/schemas/site';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n';

/** A visitor's choice of whose prices to see (members see their own country's). */
export function PaymentCountrySelect({
  settings,
  value,
  onChange,
}: {
  settings: Settings;
  value: string;
  onChange: (country: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const names = new Intl.DisplayNames([currentLocale()], { type: 'region' });
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <label htmlFor={id} className="form-label mb-0">
        {t('payments.prices_for')}
      </label>
      <select
        id={id}
        className="form-select w-auto"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {settings.countries.map((country) => (
          <option key={country} value={country}>
            {names.of(country) ?? country}
          </option>
        ))}
      </select>
    </div>
  );
}
