import { Lock } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Shown instead of the form while signups are closed (spec section 6). */
export function InviteOnly() {
  const { t } = useTranslation();
  return (
    <div className="text-center py-3">
      <div className="feature-icon mx-auto mb-3" aria-hidden="true">
        <Lock />
      </div>
      <h2 className="h4">{t('signup.invite_only_title')}</h2>
      <p className="text-body-secondary">
        <Trans i18nKey="signup.invite_only" components={{ login: <Link to="/login" /> }} />
      </p>
    </div>
  );
}
