import { decodeValidationMessage } from '@amora/shared/schemas/validation-messages';
import { type InputHTMLAttributes, isValidElement, type ReactNode, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** A form error (its message an i18n key or text) or ready feedback to show. */
  error?: FieldError | ReactNode;
  touched?: boolean;
  hint?: ReactNode;
  after?: ReactNode;
};

/** Translates a shared-schema message (an i18n key with parameters) or passes text through. */
export function useValidationText() {
  const { t } = useTranslation();
  return (message: string | undefined) => {
    if (!message) return '';
    const { key, params } = decodeValidationMessage(message);
    return /^[a-z_]+\.[a-z_.]+$/.test(key) ? t(key, params) : message;
  };
}

/** A labelled input with Bootstrap's valid/invalid state and feedback text under it. */
export function FormField({ label, error, touched, hint, after, className, ...input }: Props) {
  const id = useId();
  const text = useValidationText();
  // Any plain object is a form error (one set by `setError` may lack `type`); rendering it
  // as a node would crash React.
  const isFieldError =
    typeof error === 'object' && error !== null && !isValidElement(error) && !Array.isArray(error);
  const message: ReactNode = isFieldError
    ? text((error as FieldError).message)
    : (error as ReactNode);
  const state = message ? 'is-invalid' : touched ? 'is-valid' : '';
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label fw-medium">
        {label}
      </label>
      <div className={after ? 'input-group has-validation' : undefined}>
        <input
          id={id}
          className={`form-control form-control-lg ${state} ${className ?? ''}`}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-feedback` : hint ? `${id}-hint` : undefined}
          {...input}
        />
        {after}
        {message && (
          <div id={`${id}-feedback`} className="invalid-feedback">
            {message}
          </div>
        )}
      </div>
      {hint && !message && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
    </div>
  );
}
