import type { ReactNode } from 'react';
import { useErrorText } from '@/lib/error-text';

/** A failed call's reason in the member's language, where the form or page shows it. */
export function ErrorAlert({
  error,
  id,
  className = '',
  children,
}: {
  error: unknown;
  id?: string;
  className?: string;
  /** Shown after the reason: a link that helps, say. */
  children?: ReactNode;
}) {
  const errorText = useErrorText();
  if (!error) return null;
  return (
    <div id={id} className={`alert alert-danger ${className}`} role="alert">
      {errorText(error)}
      {children}
    </div>
  );
}
