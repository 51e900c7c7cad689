import { startingCountry } from '@amora/shared/rules/starting-country';
import type { OwnProfile } from '@amora/shared/schemas/profile';
import type { Settings } from '@amora/shared/schemas/site';
import { locationUpdateSchema } from '@amora/shared/schemas/user-update';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useValidationText } from '@/components/form-field';
import { currentLocale } from '@/lib/i18n';
import { useRegions } from '@/lib/regions-query';
import { useUpdateUser } from '@/lib/update-user';
import { FormActions, type ProfileFormFrame } from './form-actions';

type LocationInput = z.input<typeof locationUpdateSchema>;
/** A place as a form holds it: a served country, one of its regions and the city. */
export type LocationValue = z.output<typeof locationUpdateSchema>;

interface Props extends ProfileFormFrame {
  settings: Pick<Settings, 'countries' | 'geoip_selected_country'>;
  profile: Pick<OwnProfile, 'country' | 'countryregion' | 'city'>;
  /**
   * A place found for the member (signup asks the browser): it replaces what the form holds
   * when the site serves its country.
   */
  found?: { country: string; countryregion: string; city: string } | null;
}

/**
 * Where the member lives (signup step 3 and /profile): country, one of its regions (from
 * /api/regions.php) and the city, validated by the shared `locationUpdateSchema`.
 */
export function LocationForm({ settings, profile, found, onSaved, ...frame }: Props) {
  const { t } = useTranslation();
  const ids = { country: useId(), region: useId(), city: useId() };
  const text = useValidationText();
  const update = useUpdateUser();
  const form = useForm<LocationInput, unknown, LocationValue>({
    resolver: zodResolver(locationUpdateSchema),
    defaultValues: {
      country:
        profile.country ?? startingCountry(settings.countries, settings.geoip_selected_country),
      countryregion: profile.countryregion ?? '',
      city: profile.city ?? '',
    },
  });
  const { errors } = form.formState;
  // Controlled selects: the region's options arrive later than the value it holds.
  const country = useController({ control: form.control, name: 'country' }).field;
  const region = useController({ control: form.control, name: 'countryregion' }).field;
  const regions = useRegions();
  const countryRegions = regions.data?.[country.value] ?? [];
  const countryName = new Intl.DisplayNames([currentLocale()], { type: 'region' });

  useEffect(() => {
    const served = settings.countries.find((code) => code === found?.country);
    if (!found || !served) return;
    form.setValue('country', served, { shouldDirty: true });
    form.setValue('countryregion', found.countryregion, { shouldDirty: true });
    form.setValue('city', found.city, { shouldDirty: true });
  }, [found, form, settings.countries]);

  const save = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      onSaved();
    } catch {
      // Shown from update.error.
    }
  });

  const invalid = (field: keyof LocationInput) => (errors[field] ? 'is-invalid' : '');
  const described = (field: keyof LocationInput, id: string) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-feedback` } : {};
  return (
    <form onSubmit={save} noValidate>
      <div className="mb-3">
        <label htmlFor={ids.country} className="form-label fw-medium">
          {t('signup.location.country')}
        </label>
        <select
          id={ids.country}
          className={`form-select form-select-lg ${invalid('country')}`}
          {...described('country', ids.country)}
          {...country}
          onChange={(event) => {
            country.onChange(event);
            // A region belongs to one country: a new country needs its own.
            form.setValue('countryregion', '');
          }}
        >
          {settings.countries.map((code) => (
            <option key={code} value={code}>
              {countryName.of(code) ?? code}
            </option>
          ))}
        </select>
        {errors.country && (
          <div id={`${ids.country}-feedback`} className="invalid-feedback">
            {t('validation.invalid')}
          </div>
        )}
      </div>
      <div className="mb-3">
        <label htmlFor={ids.region} className="form-label fw-medium">
          {t('signup.location.region')}
        </label>
        <select
          id={ids.region}
          className={`form-select form-select-lg ${invalid('countryregion')}`}
          {...described('countryregion', ids.region)}
          {...region}
        >
          <option value="">{t('signup.location.choose_region')}</option>
          {countryRegions.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
        {errors.countryregion && (
          <div id={`${ids.region}-feedback`} className="invalid-feedback">
            {t('signup.location.region_required')}
          </div>
        )}
      </div>
      <div className="mb-3">
        <label htmlFor={ids.city} className="form-label fw-medium">
          {t('signup.location.city')}
        </label>
        <input
          id={ids.city}
          className={`form-control form-control-lg ${invalid('city')}`}
          maxLength={100}
          autoComplete="address-level2"
          {...described('city', ids.city)}
          {...form.register('city')}
        />
        {errors.city && (
          <div id={`${ids.city}-feedback`} className="invalid-feedback">
            {text(errors.city.message)}
          </div>
        )}
      </div>
      <FormActions error={update.error} pending={update.isPending} {...frame} />
    </form>
  );
}
