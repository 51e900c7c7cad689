import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useValidationText } from '@/components/form-field';
import { currentLocale } from '@/lib/i18n';
import { useRegions } from '@/lib/regions-query';

export interface LocationValue {
  country: string;
  countryregion: string;
  city: string;
}

interface Props {
  /** The countries the site serves (settings.countries). */
  countries: readonly string[];
  value: LocationValue;
  onChange: (value: LocationValue) => void;
  /** Messages per field (`country`, `countryregion`, `city`), shared-schema keys or text. */
  errors: Record<string, string>;
}

/** Country, one of its regions (from /api/regions.php) and the city, as large inputs. */
export function LocationFields({ countries, value, onChange, errors }: Props) {
  const { t } = useTranslation();
  const ids = { country: useId(), region: useId(), city: useId() };
  const regions = useRegions();
  const text = useValidationText();
  const countryName = new Intl.DisplayNames([currentLocale()], { type: 'region' });
  const countryRegions = regions.data?.[value.country] ?? [];
  const invalid = (field: string) => (errors[field] ? 'is-invalid' : '');
  return (
    <>
      <div className="mb-3">
        <label htmlFor={ids.country} className="form-label fw-medium">
          {t('signup.location.country')}
        </label>
        <select
          id={ids.country}
          className={`form-select form-select-lg ${invalid('country')}`}
          value={value.country}
          onChange={(event) =>
            onChange({ ...value, country: event.target.value, countryregion: '' })
          }
        >
          {countries.map((code) => (
            <option key={code} value={code}>
              {countryName.of(code) ?? code}
            </option>
          ))}
        </select>
      </div>
      <div className="mb-3">
        <label htmlFor={ids.region} className="form-label fw-medium">
          {t('signup.location.region')}
        </label>
        <select
          id={ids.region}
          className={`form-select form-select-lg ${invalid('countryregion')}`}
          value={value.countryregion}
          onChange={(event) => onChange({ ...value, countryregion: event.target.value })}
          aria-invalid={errors.countryregion ? true : undefined}
        >
          <option value="">{t('signup.location.choose_region')}</option>
          {countryRegions.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
        {errors.countryregion && (
          <div className="invalid-feedback">{t('signup.location.region_required')}</div>
        )}
      </div>
      <div className="mb-3">
        <label htmlFor={ids.city} className="form-label fw-medium">
          {t('signup.location.city')}
        </label>
        <input
          id={ids.city}
          className={`form-control form-control-lg ${invalid('city')}`}
          value={value.city}
          maxLength={100}
          autoComplete="address-level2"
          onChange={(event) => onChange({ ...value, city: event.target.value })}
          aria-invalid={errors.city ? true : undefined}
        />
        {errors.city && <div className="invalid-feedback">{text(errors.city)}</div>}
      </div>
    </>
  );
}
