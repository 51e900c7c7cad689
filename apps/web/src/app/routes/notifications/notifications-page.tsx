import { CLASSIC_TEMPLATE } from '@amora/shared/template';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/page-header';
import {
  EMAIL_CORRECTION_ANCHOR,
  EmailCorrectionNotice,
} from '@/features/account/components/email-correction-notice';
import { NotificationsList } from '@/features/notifications/components/notifications-list';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useUser } from '@/lib/user-query';

/**
 * /notifications: the member's notifications; `#email-change-incorrect` (the signup's
 * "wrong address?" link) puts the e-mail correction on top.
 */
export function Component() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const { data: user } = useUser();
  useDocumentTitle(t('routes.notifications.title'));
  const correcting = hash === `#${EMAIL_CORRECTION_ANCHOR}` && user;
  return (
    <div className="py-3 mx-auto" style={{ maxWidth: '48rem' }}>
      {CLASSIC_TEMPLATE.notifications.hideHeader ? (
        <h1 className="visually-hidden">{t('routes.notifications.title')}</h1>
      ) : (
        <PageHeader title={t('routes.notifications.title')}>
          {t('routes.notifications.text')}
        </PageHeader>
      )}
      <div className="d-grid gap-4">
        {correcting && <EmailCorrectionNotice user={user} />}
        <NotificationsList />
      </div>
    </div>
  );
}
