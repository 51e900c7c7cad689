import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/lib/error-text';

/**
 * Something that failed to load, in place of it: what is missing, why (in the member's
 * language), and a way to try again. `children` adds a way onward, a link say.
 */
export function LoadError({
  error,
  what,
  onRetry,
  className = '',
  children,
}: {
  error: unknown;
  /** What could not be loaded ("Your chats could not be loaded."); the reason follows. */
  what?: string;
  onRetry: () => void;
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <div
      className={`alert alert-danger d-flex flex-wrap align-items-center gap-2 ${className}`}
      role="alert"
    >
      <span className="flex-grow-1">
        {what && <strong className="d-block">{what}</strong>}
        {errorText(error)}
      </span>
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry}>
        {t('common.retry')}
      </button>
      {children}
    </div>
  );
}
