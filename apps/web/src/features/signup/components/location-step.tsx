import type { Settings } from '@amora/shared/schemas/site';
import { locationUpdateSchema } from '@amora/shared/schemas/user-update';
import { LocateFixed } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useValidationText } from '@/components/form-field';
import { ApiError } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { useRegions } from '@/lib/regions-query';
import { geocode } from '../api/location-data';
import { useUpdateUser } from '../api/update-user';
import { useGeolocation } from '../hooks/use-geolocation';

interface Props {
  settings: Settings;
  initial: { country: string | null; countryregion: string | null; city: string | null };
  onDone: () => void;
}

/** Step 3: where the member lives, from the browser's position when allowed, else chosen. */
export function LocationStep({ settings, initial, onDone }: Props) {
  const { t } = useTranslation();
  const ids = { country: useId(), region: useId(), city: useId() };
  const regions = useRegions();
  const update = useUpdateUser();
  const { locate } = useGeolocation();
  const text = useValidationText();
  const [locating, setLocating] = useState(true);
  const [country, setCountry] = useState(
    initial.country ?? settings.geoip_selected_country ?? settings.countries[0] ?? '',
  );
  const [region, setRegion] = useState(initial.countryregion ?? '');
  const [city, setCity] = useState(initial.city ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const countryName = new Intl.DisplayNames([currentLocale()], { type: 'region' });

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const coords = await locate();
      const place = coords ? await geocode(coords.latitude, coords.longitude) : null;
      if (cancelled) return;
      if (place && (settings.countries as string[]).includes(place.country)) {
        setCountry(place.country);
        setRegion(place.countryregion);
        setCity(place.city);
      }
      setLocating(false);
    })();
    return () => {
      cancelled = true;
    };
  }, [locate, settings.countries]);

  const save = async () => {
    const parsed = locationUpdateSchema.safeParse({ country, countryregion: region, city });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(parsed.data);
      onDone();
    } catch (error) {
      setErrors({
        form: error instanceof ApiError ? error.message : t('common.something_went_wrong'),
      });
    }
  };

  const countryRegions = regions.data?.[country] ?? [];
  const invalid = (field: string) => (errors[field] ? 'is-invalid' : '');

  return (
    <div>
      <h2 className="h4 text-center">{t('signup.location.title')}</h2>
      <p className="text-body-secondary text-center">{t('signup.location.text')}</p>
      {locating && (
        <p className="text-body-secondary small d-flex align-items-center gap-2" role="status">
          <LocateFixed size={16} aria-hidden="true" /> {t('signup.location.locating')}
        </p>
      )}
      <div className="mb-3">
        <label htmlFor={ids.country} className="form-label fw-medium">
          {t('signup.location.country')}
        </label>
        <select
          id={ids.country}
          className={`form-select form-select-lg ${invalid('country')}`}
          value={country}
          onChange={(event) => {
            setCountry(event.target.value);
            setRegion('');
          }}
        >
          {settings.countries.map((code) => (
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
          value={region}
          onChange={(event) => setRegion(event.target.value)}
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
          value={city}
          maxLength={100}
          autoComplete="address-level2"
          onChange={(event) => setCity(event.target.value)}
          aria-invalid={errors.city ? true : undefined}
        />
        {errors.city && <div className="invalid-feedback">{text(errors.city)}</div>}
      </div>
      {errors.form && (
        <div className="alert alert-danger" role="alert">
          {errors.form}
        </div>
      )}
      <button
        type="button"
        className="btn btn-primary btn-lg w-100"
        onClick={save}
        disabled={update.isPending}
      >
        {t('signup.save_continue')}
      </button>
      <button type="button" className="btn btn-link w-100 mt-2" onClick={onDone}>
        {t('signup.skip')}
      </button>
    </div>
  );
}
