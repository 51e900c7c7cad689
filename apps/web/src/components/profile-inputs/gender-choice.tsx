import { GENDERS, type Gender } from '@amora/shared/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  legend: string;
  value: string;
  onChange: (gender: Gender) => void;
  error?: string;
}

/** Gender as two large toggle buttons (radio inputs underneath, so arrow keys work). */
export function GenderChoice({ legend, value, onChange, error }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="mb-3">
      <legend className="form-label fw-medium fs-6">{legend}</legend>
      <div className="d-flex gap-2">
        {GENDERS.map((gender) => (
          <div key={gender} className="flex-fill">
            <input
              type="radio"
              className="btn-check"
              name={`${id}-gender`}
              id={`${id}-${gender}`}
              value={gender}
              checked={value === gender}
              onChange={() => onChange(gender)}
            />
            <label className="btn btn-outline-primary w-100" htmlFor={`${id}-${gender}`}>
              {t(`profile.gender_${gender}`)}
            </label>
          </div>
        ))}
      </div>
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </fieldset>
  );
}
