import { COUNTRIES, LOCALES } from '@amora/shared/constants';
import { PROFILE_FIELD_NAMES } from '@amora/shared/rules/profile-fields';
import {
  LOGGED_OUT_SEARCH_MODES,
  MEMBER_RESELL_KINDS,
  SEARCH_FIELDS,
  SIGNUP_MODES,
} from '@amora/shared/schemas/site';
import { type AdminSite, PROFILE_NOTE_NAMES } from '@amora/shared/schemas/site-admin';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { LoadError } from '@/components/load-error';
import { SectionCard } from '@/components/section-card';
import { displayName } from '@/lib/locale-format';
import { toast } from '@/lib/toast';
import { useAdminSite, useSaveSite } from '../api/staff-api';
import { LabelledField, SelectField } from './labelled-field';

type Settings = AdminSite['settings'];
type Company = AdminSite['company'];

/** A set of checkboxes for a list of values from a fixed set. */
function Choices<T extends string>({
  legend,
  values,
  chosen,
  label,
  onChange,
}: {
  legend: string;
  values: readonly T[];
  chosen: readonly T[];
  label: (value: T) => string;
  onChange: (next: T[]) => void;
}) {
  const id = useId();
  return (
    <fieldset className="mb-3">
      <legend className="form-label small fw-semibold mb-1">{legend}</legend>
      <div className="d-flex flex-wrap gap-3">
        {values.map((value) => (
          <div className="form-check" key={value}>
            <input
              id={`${id}-${value}`}
              className="form-check-input"
              type="checkbox"
              checked={chosen.includes(value)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? values.filter((v) => v === value || chosen.includes(v))
                    : chosen.filter((v) => v !== value),
                )
              }
            />
            <label className="form-check-label" htmlFor={`${id}-${value}`}>
              {label(value)}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function MessageCosts({
  costs,
  onChange,
}: {
  costs: Settings['minimum_message_costs'];
  onChange: (next: Settings['minimum_message_costs']) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="table-responsive mb-3">
      <table className="table table-sm align-middle mb-0 staff-costs">
        <caption className="small fw-semibold text-body" style={{ captionSide: 'top' }}>
          {t('staff.settings.message_costs')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('staff.settings.country')}</th>
            <th scope="col">{t('staff.settings.price')}</th>
            <th scope="col">{t('staff.settings.currency')}</th>
          </tr>
        </thead>
        <tbody>
          {COUNTRIES.map((country) => {
            const row = costs[country];
            const name = displayName('region', country) ?? country;
            return (
              <tr key={country}>
                <th scope="row" className="fw-normal">
                  {name}
                </th>
                <td>
                  <input
                    className="form-control form-control-sm"
                    inputMode="decimal"
                    aria-label={t('staff.settings.price_in', { country: name })}
                    value={row ? String(row.costs) : ''}
                    onChange={(event) => {
                      const value = event.target.value.replace(',', '.');
                      const next = { ...costs };
                      if (value === '') delete next[country];
                      else
                        next[country] = { currency: row?.currency ?? 'EUR', costs: Number(value) };
                      onChange(next);
                    }}
                  />
                </td>
                <td>
                  <input
                    className="form-control form-control-sm text-uppercase"
                    maxLength={3}
                    aria-label={t('staff.settings.currency_in', { country: name })}
                    value={row?.currency ?? ''}
                    disabled={!row}
                    onChange={(event) =>
                      row &&
                      onChange({
                        ...costs,
                        [country]: { ...row, currency: event.target.value.toUpperCase() },
                      })
                    }
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Admins only: the settings an operator decides and the company info, saved together. */
export function SiteSettings() {
  const { t } = useTranslation();
  const site = useAdminSite();
  const save = useSaveSite();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [company, setCompany] = useState<Company | null>(null);
  useEffect(() => {
    if (site.data) {
      setSettings(site.data.settings);
      setCompany(site.data.company);
    }
  }, [site.data]);
  if (site.isError) return <LoadError error={site.error} onRetry={() => void site.refetch()} />;
  if (!site.data || !settings || !company) {
    return <p className="text-body-secondary">{t('common.loading')}</p>;
  }
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) =>
    setSettings({ ...settings, [key]: value });
  const setC = <K extends keyof Company>(key: K, value: Company[K]) =>
    setCompany({ ...company, [key]: value });
  const submit = async () => {
    try {
      await save.mutateAsync({ version: site.data.version, settings, company });
      toast.success(t('staff.settings.saved'));
    } catch {
      // Shown from save.error (a stale version: load again).
    }
  };
  const modeLabel = (mode: string) => t(`staff.settings.modes.${mode}`);
  return (
    <form
      className="d-grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <SectionCard id="site" title={t('staff.settings.site')}>
        <LabelledField label={t('staff.settings.name')}>
          {(id) => (
            <input
              id={id}
              className="form-control"
              maxLength={60}
              value={settings.name}
              onChange={(event) => set('name', event.target.value)}
            />
          )}
        </LabelledField>
        <SelectField
          label={t('staff.settings.signups')}
          value={settings.signups}
          options={SIGNUP_MODES.map((mode) => ({ value: mode, label: modeLabel(mode) }))}
          onChange={(value) => set('signups', value)}
        />
        {(['logged_out_search', 'logged_out_search_trafficsource'] as const).map((key) => (
          <SelectField
            key={key}
            label={t(`staff.settings.${key}`)}
            value={settings[key]}
            options={LOGGED_OUT_SEARCH_MODES.map((mode) => ({
              value: mode,
              label: t(mode === 'all' ? 'staff.settings.search_all' : 'staff.settings.search_none'),
            }))}
            onChange={(value) => set(key, value)}
          />
        ))}
        <SelectField
          label={t('staff.settings.domain_language')}
          value={settings.domain_language}
          options={LOCALES.map((locale) => ({
            value: locale,
            label: displayName('language', locale) ?? locale,
          }))}
          onChange={(value) => set('domain_language', value)}
        />
        <Choices
          legend={t('staff.settings.uncacheable_locales')}
          values={LOCALES}
          chosen={settings.uncacheable_locales}
          label={(locale) => displayName('language', locale) ?? locale}
          onChange={(next) => set('uncacheable_locales', next)}
        />
        <LabelledField label={t('staff.settings.cdn_prefix')}>
          {(id) => (
            <input
              id={id}
              className="form-control"
              value={settings.cdn_prefix}
              onChange={(event) => set('cdn_prefix', event.target.value)}
            />
          )}
        </LabelledField>
        <div className="form-check form-switch mb-3">
          <input
            id="fictional-icon"
            className="form-check-input"
            type="checkbox"
            role="switch"
            aria-checked={settings.fictional_icon !== null}
            checked={settings.fictional_icon !== null}
            onChange={(event) => set('fictional_icon', event.target.checked ? 'sparkles' : null)}
          />
          <label className="form-check-label" htmlFor="fictional-icon">
            {t('staff.settings.fictional_icon')}
          </label>
        </div>
      </SectionCard>

      <SectionCard id="prices" title={t('staff.settings.prices')}>
        <MessageCosts
          costs={settings.minimum_message_costs}
          onChange={(next) => set('minimum_message_costs', next)}
        />
      </SectionCard>

      <SectionCard id="members" title={t('staff.settings.members')}>
        <Choices
          legend={t('staff.settings.countries')}
          values={COUNTRIES}
          chosen={settings.countries}
          label={(country) => displayName('region', country) ?? country}
          onChange={(next) => set('countries', next)}
        />
        <div className="form-check form-switch mb-3">
          <input
            id="region-data"
            className="form-check-input"
            type="checkbox"
            role="switch"
            aria-checked={settings.region_data}
            checked={settings.region_data}
            onChange={(event) => set('region_data', event.target.checked)}
          />
          <label className="form-check-label" htmlFor="region-data">
            {t('staff.settings.region_data')}
          </label>
        </div>
        <Choices
          legend={t('staff.settings.search_fields')}
          values={SEARCH_FIELDS}
          chosen={settings.search_fields}
          label={(field) => t(`staff.settings.search_field.${field}`)}
          onChange={(next) => set('search_fields', next)}
        />
        <Choices
          legend={t('staff.settings.visible_profile_fields')}
          values={PROFILE_FIELD_NAMES}
          chosen={settings.visible_profile_fields as typeof PROFILE_FIELD_NAMES}
          label={(field) => t(`profile_fields.${field}.label`, { defaultValue: field })}
          onChange={(next) => set('visible_profile_fields', next)}
        />
        <Choices
          legend={t('staff.settings.visible_profile_notes')}
          values={PROFILE_NOTE_NAMES}
          chosen={settings.visible_profile_notes}
          label={(note) => t(`staff.settings.note.${note}`)}
          onChange={(next) => set('visible_profile_notes', next)}
        />
        <Choices
          legend={t('staff.settings.member_resell')}
          values={MEMBER_RESELL_KINDS}
          chosen={settings.member_resell}
          label={(kind) => t(`staff.settings.resell.${kind}`)}
          onChange={(next) => set('member_resell', next)}
        />
      </SectionCard>

      <SectionCard id="company" title={t('staff.settings.company')}>
        <div className="row g-2">
          {(['name', 'address', 'city', 'kvk', 'support_phone'] as const).map((key) => (
            <div className="col-md-6" key={key}>
              <LabelledField label={t(`staff.settings.company_fields.${key}`)}>
                {(id) => (
                  <input
                    id={id}
                    className="form-control"
                    value={company[key]}
                    onChange={(event) => setC(key, event.target.value)}
                  />
                )}
              </LabelledField>
            </div>
          ))}
          <div className="col-md-6">
            <SelectField
              label={t('staff.settings.company_fields.country')}
              value={company.country}
              options={COUNTRIES.map((country) => ({
                value: country,
                label: displayName('region', country) ?? country,
              }))}
              onChange={(value) => setC('country', value)}
            />
          </div>
          {(['tradenames', 'vat_numbers'] as const).map((key) => (
            <div className="col-md-6" key={key}>
              <LabelledField label={t(`staff.settings.company_fields.${key}`)}>
                {(id) => (
                  <input
                    id={id}
                    className="form-control"
                    value={company[key].join(', ')}
                    onChange={(event) =>
                      setC(
                        key,
                        event.target.value
                          .split(',')
                          .map((part) => part.trimStart())
                          .filter((part, i, all) => part !== '' || i === all.length - 1),
                      )
                    }
                  />
                )}
              </LabelledField>
            </div>
          ))}
          <div className="col-md-6">
            <LabelledField label={t('staff.settings.company_fields.delete_discount')}>
              {(id) => (
                <input
                  id={id}
                  className="form-control"
                  inputMode="numeric"
                  value={company.delete_discount ?? ''}
                  onChange={(event) => {
                    const digits = event.target.value.replace(/\D/g, '');
                    setC('delete_discount', digits ? Number(digits) : null);
                  }}
                />
              )}
            </LabelledField>
          </div>
        </div>
      </SectionCard>

      <div className="position-sticky bottom-0 bg-body border-top py-2 staff-save-bar">
        <ErrorAlert error={save.error} />
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {t('staff.settings.save')}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => {
              save.reset();
              void site.refetch();
            }}
          >
            {t('staff.settings.reload')}
          </button>
        </div>
      </div>
    </form>
  );
}
