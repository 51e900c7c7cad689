import { startingCountry } from '@amora/shared/rules/starting-country';
import type { Settings } from '@amora/shared/schemas/site';
import { locationUpdateSchema } from '@amora/shared/schemas/user-update';
import { LocateFixed } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { LocationFields } from '@/components/profile-inputs/location-fields';
import { useUpdateUser } from '@/lib/update-user';
import { geocode, storedGeocode } from '../api/location-data';
import { useGeolocation } from '../hooks/use-geolocation';

interface Props {
  settings: Settings;
  initial: { country: string | null; countryregion: string | null; city: string | null };
  onDone: () => void;
}

/** Step 3: where the member lives, from the browser's position when allowed, else chosen. */
export function LocationStep({ settings, initial, onDone }: Props) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const { locate } = useGeolocation();
  const [locating, setLocating] = useState(true);
  const [country, setCountry] = useState(
    initial.country ?? startingCountry(settings.countries, settings.geoip_selected_country),
  );
  const [region, setRegion] = useState(initial.countryregion ?? '');
  const [city, setCity] = useState(initial.city ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const coords = await locate();
      // Without a position now, the place found on an earlier visit.
      const place = coords ? await geocode(coords.latitude, coords.longitude) : storedGeocode();
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
    } catch {
      // Shown from update.error below.
    }
  };

  return (
    <div>
      <h2 className="h4 text-center">{t('signup.location.title')}</h2>
      <p className="text-body-secondary text-center">{t('signup.location.text')}</p>
      {locating && (
        <p className="text-body-secondary small d-flex align-items-center gap-2" role="status">
          <LocateFixed size={16} aria-hidden="true" /> {t('signup.location.locating')}
        </p>
      )}
      <LocationFields
        countries={settings.countries}
        value={{ country, countryregion: region, city }}
        onChange={(next) => {
          setCountry(next.country);
          setRegion(next.countryregion);
          setCity(next.city);
        }}
        errors={errors}
      />
      <ErrorAlert error={update.error} />
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
