import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/error-alert';

/** How a screen wraps a profile form: its submit button, and what follows it. */
export interface ProfileFormFrame {
  submitLabel: string;
  /** The submit button's size and width classes: signup's are large and full width. */
  submitClassName?: string;
  /** After a successful save: a toast on /profile, the next step in signup. */
  onSaved: () => void;
  /** Shown after the submit button (signup's "skip"). */
  children?: ReactNode;
}

/** The failed save's reason, the submit button and the screen's extras. */
export function FormActions({
  error,
  pending,
  submitLabel,
  submitClassName = '',
  children,
}: Omit<ProfileFormFrame, 'onSaved'> & { error: unknown; pending: boolean }) {
  return (
    <>
      <ErrorAlert error={error} />
      <button type="submit" className={`btn btn-primary ${submitClassName}`} disabled={pending}>
        {submitLabel}
      </button>
      {children}
    </>
  );
}
