import { PASSWORD_RESET_LINK_HOURS } from '@amora/shared/schemas/password';
import { CircleX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { ResultCard } from '@/components/result-card';
import { useResetTokenCheck } from '@/features/account/api/check-reset-token';
import { NewPasswordForm } from '@/features/account/components/new-password-form';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /reset-password/do?token=…: where the link in the reset mail lands. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  useDocumentTitle(t('routes.reset-password-do.title'));
  const check = useResetTokenCheck(token);
  const [refused, setRefused] = useState(false);

  if (!token || refused || check.data?.valid === false) return <InvalidLink />;
  return (
    <div className="card auth-card">
      <div className="card-body p-4">
        <h1 className="h3 mb-1">{t('routes.reset-password-do.title')}</h1>
        <p className="text-body-secondary">{t('routes.reset-password-do.text')}</p>
        {check.isPending ? (
          <p role="status" className="d-flex align-items-center gap-2 text-body-secondary">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
            {t('password.checking')}
          </p>
        ) : check.isError ? (
          <LoadError error={check.error} onRetry={() => void check.refetch()} />
        ) : (
          <NewPasswordForm
            token={token}
            onInvalidToken={() => setRefused(true)}
            onDone={() => {
              toast.success(t('password.reset_done'));
              navigate('/members', { replace: true });
            }}
          />
        )}
      </div>
    </div>
  );
}

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <ResultCard icon={<CircleX />} title={t('password.invalid_title')}>
      <p className="text-body-secondary">
        {t('password.invalid_text', { hours: PASSWORD_RESET_LINK_HOURS })}
      </p>
      <Link to="/reset-password" className="btn btn-primary btn-lg w-100">
        {t('password.request_new')}
      </Link>
    </ResultCard>
  );
}
