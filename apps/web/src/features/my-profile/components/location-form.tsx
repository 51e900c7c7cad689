import { startingCountry } from '@amora/shared/rules/starting-country';
import type { Settings } from '@amora/shared/schemas/site';
import type { User } from '@amora/shared/schemas/user';
import { locationUpdateSchema } from '@amora/shared/schemas/user-update';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationFields, type LocationValue } from '@/components/profile-inputs/location-fields';
import { SectionCard } from '@/components/section-card';
import { useUpdateUser } from '@/lib/update-user';
import { useSaveFeedback } from './use-save-feedback';

/** Where the member lives: a served country, one of its regions and the city. */
export function LocationForm({ user, settings }: { user: User; settings: Settings }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const feedback = useSaveFeedback();
  const { profile } = user;
  const [value, setValue] = useState<LocationValue>({
    country:
      profile.country ?? startingCountry(settings.countries, settings.geoip_selected_country),
    countryregion: profile.countryregion ?? '',
    city: profile.city ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = locationUpdateSchema.safeParse(value);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(parsed.data);
      feedback.saved();
    } catch (error) {
      setErrors({ form: feedback.failed(error) });
    }
  };

  return (
    <SectionCard
      id="location"
      title={t('my_profile.location.title')}
      description={t('my_profile.location.text')}
    >
      <form onSubmit={save} noValidate>
        <LocationFields
          countries={settings.countries}
          value={value}
          onChange={setValue}
          errors={errors}
        />
        {errors.form && (
          <div className="alert alert-danger" role="alert">
            {errors.form}
          </div>
        )}
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {t('my_profile.save')}
        </button>
      </form>
    </SectionCard>
  );
}
