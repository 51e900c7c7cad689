import { CircleCheck, CircleX, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { useUndoEmailChange } from '../api/undo-email-change';
import { EmailLinkResult } from './email-link-result';

/** Refusals that another try cannot change. */
const FINAL_FAILURES: Record<string, string> = {
  invalid_token: 'email_change.invalid_undo',
  email_taken: 'email_change.undo_taken',
};

/**
 * `/mail-change/do?undo=…`: the "this wasn't me" link of the notice to the old address.
 * Nothing happens on load (mail scanners open links): the member confirms with a button.
 */
export function EmailChangeUndo({ undo }: { undo: string }) {
  const { t } = useTranslation();
  const restore = useUndoEmailChange();

  if (restore.isSuccess) {
    return (
      <EmailLinkResult
        icon={<CircleCheck />}
        title={t('email_change.undone_title')}
        actions={
          <Link to="/reset-password" className="btn btn-primary btn-lg">
            {t('email_change.choose_password')}
          </Link>
        }
      >
        <p className="text-body-secondary">{t('email_change.undone_text')}</p>
      </EmailLinkResult>
    );
  }

  const code = restore.error instanceof ApiError ? restore.error.code : null;
  const final = code ? FINAL_FAILURES[code] : undefined;
  if (final) {
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
          {t(final)}
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
      {restore.isError && (
        <div className="alert alert-danger" role="alert">
          {t(code === 'network' ? 'common.network_error' : 'common.something_went_wrong')}
        </div>
      )}
    </EmailLinkResult>
  );
}
