import { GENDERS, type Gender } from '@amora/shared/constants';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  legend: string;
  value: string;
  onChange: (gender: Gender) => void;
  error?: string;
  /** Given the first radio, so a form can move focus to the choice when it is missing. */
  inputRef?: Ref<HTMLInputElement>;
}

/** Gender as two large toggle buttons (radio inputs underneath, so arrow keys work). */
export function GenderChoice({ legend, value, onChange, error, inputRef }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="mb-3" aria-describedby={error ? `${id}-feedback` : undefined}>
      <legend className="form-label fw-medium fs-6">{legend}</legend>
      <div className="d-flex gap-2">
        {GENDERS.map((gender, index) => (
          <div key={gender} className="flex-fill">
            <input
              ref={index === 0 ? inputRef : undefined}
              type="radio"
              className="btn-check"
              name={`${id}-gender`}
              id={`${id}-${gender}`}
              value={gender}
              checked={value === gender}
              onChange={() => onChange(gender)}
              aria-invalid={error ? true : undefined}
            />
            <label className="btn btn-outline-primary w-100" htmlFor={`${id}-${gender}`}>
              {t(`profile.gender_${gender}`)}
            </label>
          </div>
        ))}
      </div>
      {error && (
        <div id={`${id}-feedback`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
