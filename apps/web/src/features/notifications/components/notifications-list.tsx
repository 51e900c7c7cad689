import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';

/** The member's notifications; none are kept yet, so it says where to go meanwhile. */
export function NotificationsList() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<Bell />}
      title={t('notifications.empty_title')}
      text={t('notifications.empty_text')}
      action={
        <Link to="/members" className="btn btn-primary">
          {t('notifications.find_members')}
        </Link>
      }
    />
  );
}
