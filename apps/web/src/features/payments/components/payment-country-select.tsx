import type { Settings } from '@amora/shared/schemas/site';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName } from '@/lib/locale-format';

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
            {displayName('region', country) ?? country}
          </option>
        ))}
      </select>
    </div>
  );
}
