import { CircleCheck, CircleX, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { errorCodeOf, useErrorText } from '@/lib/error-text';
import { useUndoEmailChange } from '../api/undo-email-change';
import { EmailLinkResult } from './email-link-result';

/** Refusals that another try cannot change. */
const FINAL_FAILURES = new Set(['invalid_token', 'email_taken']);

/**
 * `/mail-change/do?undo=…`: the "this wasn't me" link of the notice to the old address.
 * Nothing happens on load (mail scanners open links): the member confirms with a button.
 * The server then clears the password and mails a reset link to the restored address.
 */
export function EmailChangeUndo({ undo }: { undo: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const restore = useUndoEmailChange();

  if (restore.isSuccess) {
    return (
      <EmailLinkResult
        icon={<CircleCheck />}
        title={t('email_change.undone_title')}
        actions={
          <Link to="/reset-password" className="btn btn-outline-secondary">
            {t('email_change.new_reset_link')}
          </Link>
        }
      >
        <p className="text-body-secondary">{t('email_change.undone_text')}</p>
      </EmailLinkResult>
    );
  }

  const code = restore.error ? errorCodeOf(restore.error) : null;
  if (code && FINAL_FAILURES.has(code)) {
    return (
      <EmailLinkResult
        icon={<CircleX />}
        title={t('email_change.failed_title')}
        actions={
          code === 'email_taken' ? (
            <Link to="/pages/service" className="btn btn-primary btn-lg">
              {t('email_change.contact_service')}
            </Link>
          ) : (
            <Link to="/login" className="btn btn-primary btn-lg">
              {t('nav.login')}
            </Link>
          )
        }
      >
        <p className="text-body-secondary" role="alert">
          {errorText(restore.error)}
        </p>
      </EmailLinkResult>
    );
  }

  return (
    <EmailLinkResult
      icon={<ShieldAlert />}
      title={t('email_change.undo_title')}
      actions={
        <button
          type="button"
          className="btn btn-primary btn-lg"
          disabled={restore.isPending}
          onClick={() => restore.mutate(undo)}
        >
          {restore.isPending && (
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          )}
          {restore.isPending ? t('email_change.undoing') : t('email_change.undo_button')}
        </button>
      }
    >
      <p className="text-body-secondary">{t('email_change.undo_text')}</p>
      <ErrorAlert error={restore.error} />
    </EmailLinkResult>
  );
}
