import { AtSign } from 'lucide-react';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useUser } from '@/lib/user-query';
import { ChangeEmailForm } from './change-email-form';

/** The own profile's sign-in address card (`/profile#email`): the address, and a new one. */
export function ChangeEmailCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <section id="email" className="card" aria-labelledby={titleId}>
      <div className="card-body p-4">
        <h2 className="h5 d-flex align-items-center gap-2" id={titleId}>
          <AtSign size={20} aria-hidden="true" className="text-body-secondary" />
          {t('email_change.card_title')}
        </h2>
        <p className="text-body-secondary mb-2">{t('email_change.card_intro')}</p>
        <p className="d-flex flex-wrap align-items-center gap-2">
          <span>
            <Trans
              i18nKey="email_change.current"
              values={{ email: user.email }}
              components={{ strong: <strong className="text-break" /> }}
            />
          </span>
          {!user.activated && (
            <span className="badge text-bg-warning">{t('email_change.not_confirmed')}</span>
          )}
        </p>
        <ChangeEmailForm user={user} />
      </div>
    </section>
  );
}
