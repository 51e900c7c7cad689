import { PROFILE_FIELD_NAMES } from '@amora/shared/rules/profile-fields';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfileFields } from '@/lib/profile-fields-query';

interface Props {
  value: Record<string, string>;
  onChange: (value: Record<string, string>) => void;
}

/** One select per profile field that `/api/profile_fields.php` offers, "no answer" allowed. */
export function ProfileFieldSelects({ value, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const options = useProfileFields();
  return (
    <div className="row g-2 mb-3">
      {PROFILE_FIELD_NAMES.filter((name) => options.data?.[name]).map((name) => (
        <div key={name} className="col-sm-6">
          <label htmlFor={`${id}-${name}`} className="form-label small fw-medium mb-1">
            {t(`profile_fields.${name}.label`)}
          </label>
          <select
            id={`${id}-${name}`}
            className="form-select"
            value={value[name] ?? ''}
            onChange={(e) => onChange({ ...value, [name]: e.target.value })}
          >
            <option value="">{t('signup.details.no_answer')}</option>
            {options.data?.[name]?.allowed_values.map((option) => (
              <option key={option} value={option}>
                {t(`profile_fields.${name}.values.${option}`)}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}
