import { COUNTRIES, GENDERS } from '@amora/shared/constants';
import { AGE_BUCKETS, bucketFor } from '@amora/shared/rules/age-buckets';
import type { Settings } from '@amora/shared/schemas/site';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n';
import { useRegions } from '@/lib/regions-query';
import type { SearchFilters as Filters } from '../api/search-members';

const ALL_COUNTRIES = '*';

/**
 * Gender, age bucket, country, region and "verified members only": only the filters
 * settings.search_fields lists, and the region only on a site that uses regions
 * (settings.region_data). "With a photo" is always offered.
 */
export function SearchFilters({
  settings,
  value,
  onChange,
}: {
  settings: Settings;
  value: Filters;
  onChange: (next: Filters) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const regions = useRegions();
  const shown = new Set(settings.search_fields);
  if (!settings.region_data) shown.delete('countryregion');
  const countryName = new Intl.DisplayNames([currentLocale()], { type: 'region' });
  const bucket = bucketFor(value.min_age, value.max_age)?.id ?? 'all';
  const countries = settings.countries.filter((c) => (COUNTRIES as readonly string[]).includes(c));
  const country = value.searchAllCountries ? ALL_COUNTRIES : (value.country ?? '');

  return (
    <form
      className="search-filters"
      onSubmit={(event) => event.preventDefault()}
      aria-label={t('search.filters')}
    >
      {shown.has('gender') && (
        <div className="mb-3">
          <label htmlFor={`${id}-gender`} className="form-label fw-medium">
            {t('search.gender')}
          </label>
          <select
            id={`${id}-gender`}
            className="form-select"
            value={value.gender ?? ''}
            onChange={(e) =>
              onChange({ ...value, gender: (e.target.value || undefined) as Filters['gender'] })
            }
          >
            <option value="">{t('search.gender_any')}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {t(`search.gender_${g}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      {shown.has('age') && (
        <div className="mb-3">
          <label htmlFor={`${id}-age`} className="form-label fw-medium">
            {t('search.age_label')}
          </label>
          <select
            id={`${id}-age`}
            className="form-select"
            value={bucket}
            onChange={(e) => {
              const chosen = AGE_BUCKETS.find((b) => b.id === e.target.value);
              onChange({
                ...value,
                min_age: chosen?.min_age ?? undefined,
                max_age: chosen?.max_age ?? undefined,
              });
            }}
          >
            {AGE_BUCKETS.map((b) => (
              <option key={b.id} value={b.id}>
                {t(`search.age.${b.id}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      {shown.has('country') && (
        <div className="mb-3">
          <label htmlFor={`${id}-country`} className="form-label fw-medium">
            {t('search.country')}
          </label>
          <select
            id={`${id}-country`}
            className="form-select"
            value={country}
            onChange={(e) => {
              const next = e.target.value;
              onChange({
                ...value,
                searchAllCountries: next === ALL_COUNTRIES ? true : undefined,
                country: next && next !== ALL_COUNTRIES ? (next as Filters['country']) : undefined,
                countryregion: undefined,
              });
            }}
          >
            <option value="">{t('search.country_mine')}</option>
            <option value={ALL_COUNTRIES}>{t('search.country_all')}</option>
            {countries.map((c) => (
              <option key={c} value={c}>
                {countryName.of(c) ?? c}
              </option>
            ))}
          </select>
        </div>
      )}
      {shown.has('countryregion') && value.country && (
        <div className="mb-3">
          <label htmlFor={`${id}-region`} className="form-label fw-medium">
            {t('search.region')}
          </label>
          <select
            id={`${id}-region`}
            className="form-select"
            value={value.countryregion ?? ''}
            onChange={(e) => onChange({ ...value, countryregion: e.target.value || undefined })}
          >
            <option value="">{t('search.region_all')}</option>
            {(regions.data?.[value.country] ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="form-check mb-1">
        <input
          id={`${id}-pp`}
          className="form-check-input"
          type="checkbox"
          checked={value.pp === true}
          onChange={(e) => onChange({ ...value, pp: e.target.checked || undefined })}
        />
        <label htmlFor={`${id}-pp`} className="form-check-label">
          {t('search.with_photo')}
        </label>
      </div>
      {shown.has('verified') && (
        <div className="form-check mb-1">
          <input
            id={`${id}-verified`}
            className="form-check-input"
            type="checkbox"
            checked={value.verified === true}
            onChange={(e) => onChange({ ...value, verified: e.target.checked || undefined })}
          />
          <label htmlFor={`${id}-verified`} className="form-check-label">
            {t('search.verified_only')}
          </label>
        </div>
      )}
    </form>
  );
}
