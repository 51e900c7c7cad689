import { Bell, CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { useSettings } from '@/lib/settings-query';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { NotificationItem } from './notification-item';

/** The member's notifications, newest first, paged; opening one marks it read. */
export function NotificationsList() {
  const { t } = useTranslation();
  const cdnPrefix = useSettings().data?.cdn_prefix ?? '/uploads/';
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  const items = query.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unread = query.data?.pages[0]?.unread ?? 0;

  if (query.isPending) {
    return (
      <ul className="list-unstyled card notification-list mb-0" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="d-flex align-items-center gap-3 p-3 placeholder-glow">
            <span className="placeholder rounded-circle notification-avatar" />
            <span className="flex-grow-1">
              <span className="placeholder col-8 d-block mb-2" />
              <span className="placeholder col-3 d-block" />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) {
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (items.length === 0) {
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
  return (
    <section aria-labelledby="notifications-list-title">
      <div className="d-flex align-items-center justify-content-between mb-2">
        <h2 id="notifications-list-title" className="h6 mb-0 text-body-secondary">
          {t('notifications.unread_count', { count: unread })}
        </h2>
        <button
          type="button"
          className="btn btn-sm btn-link"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          <CheckCheck size={16} aria-hidden="true" className="me-1" />
          {t('notifications.mark_all_read')}
        </button>
      </div>
      <ul className="list-unstyled card notification-list mb-0">
        {items.map((n) => (
          <NotificationItem
            key={n.id}
            notification={n}
            cdnPrefix={cdnPrefix}
            onOpen={(opened) => !opened.read && markRead.mutate({ ids: [opened.id] })}
          />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="text-center mt-3">
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={query.isFetchingNextPage}
            onClick={() => query.fetchNextPage()}
          >
            {t('notifications.load_more')}
          </button>
        </div>
      )}
    </section>
  );
}
