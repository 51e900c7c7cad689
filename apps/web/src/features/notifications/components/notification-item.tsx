import type { Notification } from '@amora/shared/schemas/notifications';
import { Heart, ImageOff, KeyRound, Mail, MessageCircle, ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { memberName } from '@/components/member-name';
import { MemberPhoto } from '@/components/member-photo';
import { relativeTime } from '@/lib/relative-time';

/** Where a notification leads: the liker's profile, the chat, or the account settings. */
export function notificationTarget(n: Notification): string {
  if (n.kind === 'like' && n.actor && !n.actor.deleted) return `/members/${n.actor.id}`;
  if (n.kind === 'message' && n.conversation) return `/chats/${n.conversation}`;
  if (n.notice === 'staff_warning') return '/pages/terms';
  if (n.notice === 'photo_rejected') return '/profile#photos';
  return n.kind === 'account' ? '/profile#account' : '/notifications';
}

interface Props {
  notification: Notification;
  cdnPrefix: string;
  onOpen: (n: Notification) => void;
}

/** One notification: who or what, when, read or not; the whole row opens it. */
export function NotificationItem({ notification: n, cdnPrefix, onOpen }: Props) {
  const { t } = useTranslation();
  const name = n.actor ? memberName(n.actor, t) : '';
  const text =
    n.kind === 'like'
      ? t('notifications.like', { name })
      : n.kind === 'message'
        ? t('notifications.message', { name, count: n.count })
        : n.notice === 'staff_warning'
          ? t('notifications.notice_staff_warning', { text: n.detail ?? '' })
          : n.notice === 'photo_rejected'
            ? t('notifications.notice_photo_rejected', {
                reason: t(`notifications.photo_reasons.${n.detail ?? 'other'}`, {
                  defaultValue: t('notifications.photo_reasons.other'),
                }),
              })
            : t(`notifications.notice_${n.notice ?? 'email_changed'}`);
  const Icon =
    n.kind === 'like'
      ? Heart
      : n.kind === 'message'
        ? MessageCircle
        : n.notice === 'password_changed'
          ? KeyRound
          : n.notice === 'staff_warning'
            ? ShieldAlert
            : n.notice === 'photo_rejected'
              ? ImageOff
              : Mail;
  const when = new Date(n.created_at);
  return (
    <li className={`notification-item ${n.read ? '' : 'unread'}`}>
      <Link
        to={notificationTarget(n)}
        className="d-flex align-items-center gap-3 p-3 text-reset text-decoration-none"
        onClick={() => onOpen(n)}
      >
        <span className="notification-avatar flex-shrink-0">
          {n.actor ? (
            <MemberPhoto profile={n.actor} cdnPrefix={cdnPrefix} size="thumb" />
          ) : (
            <span className="feature-icon" aria-hidden="true">
              <Icon />
            </span>
          )}
          {n.actor && (
            <span className={`notification-kind kind-${n.kind}`} aria-hidden="true">
              <Icon size={12} />
            </span>
          )}
        </span>
        <span className="flex-grow-1 min-w-0">
          <span className="d-block notification-text">{text}</span>
          <time
            className="small notification-time"
            dateTime={n.created_at}
            title={when.toLocaleString()}
          >
            {relativeTime(when)}
          </time>
        </span>
        {!n.read && (
          <span className="notification-dot flex-shrink-0">
            <span className="visually-hidden">{t('notifications.unread')}</span>
          </span>
        )}
      </Link>
    </li>
  );
}
