import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useSettings } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AccountSettings } from './account-settings';

/** /profile: the member's own profile, photos and account settings. */
export function Component() {
  const { t } = useTranslation();
  const name = useSettings().data?.name ?? 'Amora';
  useDocumentTitle(t('routes.profile.title'), name);
  return (
    <div className="py-2">
      <PageHeader title={t('routes.profile.title')} />
      <div className="row g-4">
        <div className="col-lg-5" id="photos" />
        <div className="col-lg-7 d-grid gap-4 align-content-start">
          <AccountSettings />
        </div>
      </div>
    </div>
  );
}
