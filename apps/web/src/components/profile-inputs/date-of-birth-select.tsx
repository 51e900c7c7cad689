import { MAX_AGE, MIN_AGE } from '@amora/shared/constants';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n';
import type { DateParts } from './date-parts';

interface Props {
  legend: string;
  value: DateParts;
  onChange: (value: DateParts) => void;
  error?: string;
  /** Given the day, so a form can move focus to the date when it is wrong. */
  inputRef?: Ref<HTMLSelectElement>;
}

/** Date of birth as three selects, years from MIN_AGE to MAX_AGE back (spec section 5). */
export function DateOfBirthSelect({ legend, value, onChange, error, inputRef }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, i) => thisYear - MIN_AGE - i);
  const monthName = new Intl.DateTimeFormat(currentLocale(), { month: 'long' });
  const invalid = error ? 'is-invalid' : '';
  const set = (part: keyof DateParts) => (e: { target: { value: string } }) =>
    onChange({ ...value, [part]: e.target.value });
  return (
    <fieldset className="mb-3" aria-describedby={error ? `${id}-feedback` : undefined}>
      <legend className="form-label fw-medium fs-6">{legend}</legend>
      <div className="d-flex gap-2">
        <select
          ref={inputRef}
          aria-label={t('signup.details.day')}
          className={`form-select ${invalid}`}
          aria-invalid={error ? true : undefined}
          value={value.day}
          onChange={set('day')}
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
          className={`form-select ${invalid}`}
          aria-invalid={error ? true : undefined}
          value={value.month}
          onChange={set('month')}
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
          className={`form-select ${invalid}`}
          aria-invalid={error ? true : undefined}
          value={value.year}
          onChange={set('year')}
        >
          <option value="">{t('signup.details.year')}</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <div id={`${id}-feedback`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
