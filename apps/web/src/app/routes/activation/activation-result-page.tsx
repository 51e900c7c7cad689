import { CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResultCard } from '@/components/result-card';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCurrentRoute } from '../../layouts/current-route';
import { useSession } from '../../session/session-context';

/** /activate/done and /activate/error: where the link in the activation mail lands. */
export function Component() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const done = useCurrentRoute()?.name === 'activate-done';
  const key = done ? 'activate-done' : 'activate-error';
  useDocumentTitle(t(`routes.${key}.title`));
  const Icon = done ? CircleCheck : CircleX;
  return (
    <ResultCard icon={<Icon />} title={t(`routes.${key}.title`)}>
      <p className="text-body-secondary">{t(`routes.${key}.text`)}</p>
      <Link to={isLoggedIn ? '/members' : '/login'} className="btn btn-primary btn-lg w-100">
        {isLoggedIn ? t('routes.to_members') : t('nav.login')}
      </Link>
    </ResultCard>
  );
}
