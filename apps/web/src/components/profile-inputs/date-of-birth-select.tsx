import { MAX_AGE, MIN_AGE } from '@amora/shared/constants';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n';

const pad = (n: number) => String(n).padStart(2, '0');

/** Day, month and year as chosen; any part may still be empty. */
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export const datePartsOf = (date: string | null | undefined): DateParts => {
  const [year, month, day] = date?.split('-').map(Number) ?? [];
  return {
    day: day ? String(day) : '',
    month: month ? String(month) : '',
    year: year ? String(year) : '',
  };
};

/** `YYYY-MM-DD`, or '' while a part is missing (the shared rule then refuses it). */
export const isoDateOf = ({ day, month, year }: DateParts) =>
  year && month && day ? `${year}-${pad(Number(month))}-${pad(Number(day))}` : '';

interface Props {
  legend: string;
  value: DateParts;
  onChange: (value: DateParts) => void;
  error?: string;
}

/** Date of birth as three selects, years from MIN_AGE to MAX_AGE back (spec section 5). */
export function DateOfBirthSelect({ legend, value, onChange, error }: Props) {
  const { t } = useTranslation();
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, i) => thisYear - MIN_AGE - i);
  const monthName = new Intl.DateTimeFormat(currentLocale(), { month: 'long' });
  const invalid = error ? 'is-invalid' : '';
  const set = (part: keyof DateParts) => (e: { target: { value: string } }) =>
    onChange({ ...value, [part]: e.target.value });
  return (
    <fieldset className="mb-3">
      <legend className="form-label fw-medium fs-6">{legend}</legend>
      <div className="d-flex gap-2">
        <select
          aria-label={t('signup.details.day')}
          className={`form-select ${invalid}`}
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
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </fieldset>
  );
}
