import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { useSiteName } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCurrentRoute } from '../../layouts/current-route';
import { useSession } from '../../session/session-context';

/** A titled page for a screen that a later release fills in, with the way onward. */
export function Component() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const { isLoggedIn } = useSession();
  const name = useSiteName();
  const key = route?.name ?? 'index';
  const title = t(`routes.${key}.title`);
  const text = t(`routes.${key}.text`);
  useDocumentTitle(title);
  return (
    <div className="py-2">
      <PageHeader title={title}>{text}</PageHeader>
      <EmptyState
        icon={<Sparkles />}
        title={t('routes.coming_soon', { name })}
        action={
          key !== 'members' && (
            <Link to={isLoggedIn ? '/members' : '/'} className="btn btn-primary">
              {isLoggedIn ? t('routes.to_members') : t('routes.to_home')}
            </Link>
          )
        }
      />
    </div>
  );
}
