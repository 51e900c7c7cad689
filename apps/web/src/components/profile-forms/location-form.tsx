import { startingCountry } from '@amora/shared/rules/starting-country';
import type { OwnProfile } from '@amora/shared/schemas/profile';
import type { Settings } from '@amora/shared/schemas/site';
import {
  locationSchemaFor,
  type locationUpdateSchema,
  type locationWithoutRegionSchema,
} from '@amora/shared/schemas/user-update';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { type Control, type Resolver, useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useValidationText } from '@/components/form-field';
import { currentLocale } from '@/lib/i18n';
import { useRegions } from '@/lib/regions-query';
import { useUpdateUser } from '@/lib/update-user';
import { FormActions, type ProfileFormFrame } from './form-actions';

/** What the form holds: the region only on a site that uses regions. */
type LocationInput = z.input<typeof locationWithoutRegionSchema> &
  Partial<Pick<z.input<typeof locationUpdateSchema>, 'countryregion'>>;
/**
 * A place as a form holds it: a served country, one of its regions (on a site that uses
 * regions) and the city.
 */
export type LocationValue =
  | z.output<typeof locationUpdateSchema>
  | z.output<typeof locationWithoutRegionSchema>;

interface Props extends ProfileFormFrame {
  settings: Pick<Settings, 'countries' | 'geoip_selected_country' | 'region_data'>;
  profile: Pick<OwnProfile, 'country' | 'countryregion' | 'city'>;
  /**
   * A place found for the member (signup asks the browser): it replaces what the form holds
   * when the site serves its country.
   */
  found?: { country: string; countryregion: string; city: string } | null;
}

/**
 * Where the member lives (signup step 3 and /profile): country, one of its regions (from
 * /api/regions.php) and the city, validated by the shared `locationSchemaFor`. A site that
 * uses no regions (settings.region_data) asks for none and sends none.
 */
export function LocationForm({ settings, profile, found, onSaved, ...frame }: Props) {
  const { t } = useTranslation();
  const ids = { country: useId(), region: useId(), city: useId() };
  const text = useValidationText();
  const update = useUpdateUser();
  const regionData = settings.region_data;
  const form = useForm<LocationInput, unknown, LocationValue>({
    resolver: zodResolver(locationSchemaFor(regionData)) as Resolver<
      LocationInput,
      unknown,
      LocationValue
    >,
    defaultValues: {
      country:
        profile.country ?? startingCountry(settings.countries, settings.geoip_selected_country),
      // Without regions the form has no such field (the schema refuses one).
      ...(regionData && { countryregion: profile.countryregion ?? '' }),
      city: profile.city ?? '',
    },
  });
  const { errors } = form.formState;
  // Controlled selects: the region's options arrive later than the value it holds.
  const country = useController({ control: form.control, name: 'country' }).field;
  const countryName = new Intl.DisplayNames([currentLocale()], { type: 'region' });

  useEffect(() => {
    const served = settings.countries.find((code) => code === found?.country);
    if (!found || !served) return;
    form.setValue('country', served, { shouldDirty: true });
    if (regionData) form.setValue('countryregion', found.countryregion, { shouldDirty: true });
    form.setValue('city', found.city, { shouldDirty: true });
  }, [found, form, settings.countries, regionData]);

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
            if (regionData) form.setValue('countryregion', '');
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
      {regionData && (
        <RegionSelect
          id={ids.region}
          control={form.control}
          country={country.value}
          invalid={Boolean(errors.countryregion)}
        />
      )}
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

/** The region of the chosen country: its own component, so a site without regions has no field. */
function RegionSelect({
  id,
  control,
  country,
  invalid,
}: {
  id: string;
  control: Control<LocationInput, unknown, LocationValue>;
  country: string;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const region = useController({ control, name: 'countryregion' }).field;
  const regions = useRegions();
  const countryRegions = regions.data?.[country] ?? [];
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label fw-medium">
        {t('signup.location.region')}
      </label>
      <select
        id={id}
        className={`form-select form-select-lg ${invalid ? 'is-invalid' : ''}`}
        {...(invalid ? { 'aria-invalid': true, 'aria-describedby': `${id}-feedback` } : {})}
        {...region}
        value={region.value ?? ''}
      >
        <option value="">{t('signup.location.choose_region')}</option>
        {countryRegions.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </select>
      {invalid && (
        <div id={`${id}-feedback`} className="invalid-feedback">
          {t('signup.location.region_required')}
        </div>
      )}
    </div>
  );
}
