import { MAILPROVIDER_LARGE_WEBMAIL, type User } from '@amora/shared/schemas/user';
import { MailCheck } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Step 7: check your e-mail, fix a wrong address, and on to the members. */
export function DoneStep({
  user,
  siteName,
  onFinish,
}: {
  user: User;
  siteName: string;
  onFinish: () => void;
}) {
  const { t } = useTranslation();
  const inboxSearch = `https://mail.google.com/mail/u/0/#search/${encodeURIComponent(`${siteName} in:anywhere`)}`;
  return (
    <div className="text-center">
      <div
        className="feature-icon mx-auto mb-3"
        aria-hidden="true"
        style={{ width: '4rem', height: '4rem' }}
      >
        <MailCheck />
      </div>
      <h2 className="h4">{t('signup.done.title')}</h2>
      <p>
        <Trans
          i18nKey="signup.done.text"
          values={{ email: user.email }}
          components={{ strong: <strong className="text-break" /> }}
        />
      </p>
      <p className="small text-body-secondary">
        <Trans
          i18nKey="signup.done.wrong_address"
          components={{ change: <Link to="/notifications#email-change-incorrect" /> }}
        />
      </p>
      {user.mailprovider === MAILPROVIDER_LARGE_WEBMAIL && (
        <p>
          <a
            href={inboxSearch}
            className="btn btn-outline-secondary"
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('signup.done.open_inbox')}
          </a>
        </p>
      )}
      <button type="button" className="btn btn-primary btn-lg w-100" onClick={onFinish}>
        {t('signup.done.to_members')}
      </button>
    </div>
  );
}
