import type { OwnProfile } from '@amora/shared/schemas/profile';
import type { Settings } from '@amora/shared/schemas/site';
import { LocateFixed } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationForm } from '@/components/profile-forms/location-form';
import { geocode, type Place, storedGeocode } from '../api/location-data';
import { useGeolocation } from '../hooks/use-geolocation';

interface Props {
  settings: Settings;
  initial: Pick<OwnProfile, 'country' | 'countryregion' | 'city'>;
  onDone: () => void;
}

/** Step 3: where the member lives, from the browser's position when allowed, else chosen. */
export function LocationStep({ settings, initial, onDone }: Props) {
  const { t } = useTranslation();
  const { locate } = useGeolocation();
  const [locating, setLocating] = useState(true);
  const [found, setFound] = useState<Place | null>(null);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const coords = await locate();
      // Without a position now, the place found on an earlier visit.
      const place = coords ? await geocode(coords.latitude, coords.longitude) : storedGeocode();
      if (cancelled) return;
      setFound(place);
      setLocating(false);
    })();
    return () => {
      cancelled = true;
    };
  }, [locate]);

  return (
    <div>
      <h2 className="h4 text-center">{t('signup.location.title')}</h2>
      <p className="text-body-secondary text-center">{t('signup.location.text')}</p>
      {locating && (
        <p className="text-body-secondary small d-flex align-items-center gap-2" role="status">
          <LocateFixed size={16} aria-hidden="true" /> {t('signup.location.locating')}
        </p>
      )}
      <LocationForm
        settings={settings}
        profile={initial}
        found={found}
        onSaved={onDone}
        submitLabel={t('signup.save_continue')}
        submitClassName="btn-lg w-100"
      >
        <button type="button" className="btn btn-link w-100 mt-2" onClick={onDone}>
          {t('signup.skip')}
        </button>
      </LocationForm>
    </div>
  );
}
