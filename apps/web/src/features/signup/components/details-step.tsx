import { GENDERS, MAX_AGE, MIN_AGE } from '@amora/shared/constants';
import { PROFILE_FIELD_NAMES } from '@amora/shared/rules/profile-fields';
import type { OwnProfile } from '@amora/shared/schemas/profile';
import { dateOfBirthSchema } from '@amora/shared/schemas/user-update';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { useProfileFields } from '../api/profile-fields';
import { useUpdateUser } from '../api/update-user';

const pad = (n: number) => String(n).padStart(2, '0');

/** Step 4: gender, date of birth (18 to 100 years back) and the profile fields. */
export function DetailsStep({ profile, onDone }: { profile: OwnProfile; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const options = useProfileFields();
  const update = useUpdateUser();
  const [gender, setGender] = useState(profile.gender ?? '');
  const [dob] = useState(() => profile.date_of_birth?.split('-').map(Number) ?? []);
  const [year, setYear] = useState(dob[0] ? String(dob[0]) : '');
  const [month, setMonth] = useState(dob[1] ? String(dob[1]) : '');
  const [day, setDay] = useState(dob[2] ? String(dob[2]) : '');
  const [fields, setFields] = useState<Record<string, string>>(profile.fields);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, i) => thisYear - MIN_AGE - i);
  const monthName = new Intl.DateTimeFormat(currentLocale(), { month: 'long' });

  const save = async () => {
    const next: Record<string, string> = {};
    if (!gender) next.gender = t('validation.required');
    const date = year && month && day ? `${year}-${pad(Number(month))}-${pad(Number(day))}` : '';
    if (!dateOfBirthSchema.safeParse(date).success)
      next.dob = t('profile.date_of_birth_error', { min_age: MIN_AGE });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const chosen = Object.fromEntries(Object.entries(fields).filter(([, value]) => value));
    try {
      await update.mutateAsync({
        profile: {
          gender: gender as (typeof GENDERS)[number],
          date_of_birth: date,
          fields: chosen,
        },
      });
      onDone();
    } catch (error) {
      setErrors({
        form: error instanceof ApiError ? error.message : t('common.something_went_wrong'),
      });
    }
  };

  return (
    <div>
      <h2 className="h4 text-center">{t('signup.details.title')}</h2>
      <fieldset className="mb-3">
        <legend className="form-label fw-medium fs-6">{t('signup.details.gender')}</legend>
        <div className="d-flex gap-2">
          {GENDERS.map((value) => (
            <div key={value} className="flex-fill">
              <input
                type="radio"
                className="btn-check"
                name={`${id}-gender`}
                id={`${id}-${value}`}
                value={value}
                checked={gender === value}
                onChange={() => setGender(value)}
              />
              <label className="btn btn-outline-primary w-100" htmlFor={`${id}-${value}`}>
                {t(`profile.gender_${value}`)}
              </label>
            </div>
          ))}
        </div>
        {errors.gender && <div className="invalid-feedback d-block">{errors.gender}</div>}
      </fieldset>
      <fieldset className="mb-3">
        <legend className="form-label fw-medium fs-6">{t('signup.details.date_of_birth')}</legend>
        <div className="d-flex gap-2">
          <select
            aria-label={t('signup.details.day')}
            className={`form-select ${errors.dob ? 'is-invalid' : ''}`}
            value={day}
            onChange={(e) => setDay(e.target.value)}
          >
            <option value="">{t('signup.details.day')}</option>
            {Array.from({ length: 31 }, (_, i) => i + 1).map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
          <select
            aria-label={t('signup.details.month')}
            className={`form-select ${errors.dob ? 'is-invalid' : ''}`}
            value={month}
            onChange={(e) => setMonth(e.target.value)}
          >
            <option value="">{t('signup.details.month')}</option>
            {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
              <option key={m} value={m}>
                {monthName.format(new Date(2000, m - 1, 1))}
              </option>
            ))}
          </select>
          <select
            aria-label={t('signup.details.year')}
            className={`form-select ${errors.dob ? 'is-invalid' : ''}`}
            value={year}
            onChange={(e) => setYear(e.target.value)}
          >
            <option value="">{t('signup.details.year')}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        {errors.dob && <div className="invalid-feedback d-block">{errors.dob}</div>}
      </fieldset>
      <div className="row g-2 mb-3">
        {PROFILE_FIELD_NAMES.filter((name) => options.data?.[name]).map((name) => (
          <div key={name} className="col-sm-6">
            <label htmlFor={`${id}-${name}`} className="form-label small fw-medium mb-1">
              {t(`profile_fields.${name}.label`)}
            </label>
            <select
              id={`${id}-${name}`}
              className="form-select"
              value={fields[name] ?? ''}
              onChange={(e) => setFields((current) => ({ ...current, [name]: e.target.value }))}
            >
              <option value="">{t('signup.details.no_answer')}</option>
              {options.data?.[name]?.allowed_values.map((value) => (
                <option key={value} value={value}>
                  {t(`profile_fields.${name}.values.${value}`)}
                </option>
              ))}
            </select>
          </div>
        ))}
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
    </div>
  );
}
