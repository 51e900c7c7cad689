import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorCodeOf, useErrorText } from '@/lib/error-text';
import { useUser } from '@/lib/user-query';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { EmailLinkResult } from './email-link-result';

/** Refusals a second try cannot mend: a used link, or an address taken meanwhile. */
const FINAL = new Set(['invalid_token', 'email_taken']);

/** `/mail-change/do?token=…`: confirms the new address as soon as the page opens. */
export function EmailChangeConfirmation({ token }: { token: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const isLoggedIn = Boolean(useUser().data);
  const confirm = useConfirmEmailChange();
  const { mutate } = confirm;
  const started = useRef(false);

  useEffect(() => {
    // Once per page: a link works once, so a second call would only report it as used.
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  const onward = isLoggedIn ? (
    <Link to="/members" className="btn btn-primary btn-lg">
      {t('routes.to_members')}
    </Link>
  ) : (
    <Link to="/login" className="btn btn-primary btn-lg">
      {t('nav.login')}
    </Link>
  );

  if (confirm.isSuccess) {
    return (
      <EmailLinkResult
        icon={<CircleCheck />}
        title={t('email_change.confirmed_title')}
        actions={onward}
      >
        <p className="text-body-secondary">
          <Trans
            i18nKey="email_change.confirmed_text"
            values={{ email: confirm.data.email }}
            components={{ strong: <strong className="text-break" /> }}
          />
        </p>
      </EmailLinkResult>
    );
  }

  if (!token || confirm.isError) {
    const code = token ? errorCodeOf(confirm.error) : 'invalid_token';
    const retry = !FINAL.has(code);
    return (
      <EmailLinkResult
        icon={<CircleX />}
        title={t('email_change.failed_title')}
        actions={
          <>
            {retry && (
              <button
                type="button"
                className="btn btn-primary btn-lg"
                onClick={() => mutate(token)}
              >
                {t('common.retry')}
              </button>
            )}
            {isLoggedIn ? (
              <Link
                to="/profile#email"
                className={`btn btn-lg ${retry ? 'btn-outline-secondary' : 'btn-primary'}`}
              >
                {t('email_change.to_profile')}
              </Link>
            ) : (
              <Link
                to="/login"
                className={`btn btn-lg ${retry ? 'btn-outline-secondary' : 'btn-primary'}`}
              >
                {t('nav.login')}
              </Link>
            )}
          </>
        }
      >
        <p className="text-body-secondary" role="alert">
          {errorText(code)}
        </p>
      </EmailLinkResult>
    );
  }

  return (
    <EmailLinkResult
      icon={<span className="spinner-border" aria-hidden="true" />}
      title={t('routes.mail-change-do.title')}
    >
      <p className="text-body-secondary" role="status">
        {t('email_change.confirming')}
      </p>
    </EmailLinkResult>
  );
}
