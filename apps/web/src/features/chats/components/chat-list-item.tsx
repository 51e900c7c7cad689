import type { ChatItem } from '@amora/shared/schemas/chat';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberPhoto } from '@/components/member-photo';
import { formatFull, formatListTime } from '../utils/chat-dates';

interface Props {
  chat: ChatItem;
  myId: number;
  cdnPrefix: string;
  onRemove: (chat: ChatItem) => void;
}

/** One conversation in /chats: photo, name, the last message, when, unread count, remove. */
export function ChatListItem({ chat, myId, cdnPrefix, onRemove }: Props) {
  const { t } = useTranslation();
  const previewId = useId();
  const { profile, last_message: last, num_unread_messages: unread } = chat;
  const name = profile.deleted ? t('chat.deleted_member') : profile.name;
  const when = new Date(last?.created_at ?? chat.conversation.last_activity_at);
  const text = last?.removed ? t('chat.message_removed') : last?.text;
  const preview = last
    ? last.sender === myId
      ? t('chat.you_prefix', { text })
      : text
    : t('chat.no_messages_yet');
  return (
    <li className={`chat-list-item${unread > 0 ? ' unread' : ''}`}>
      <Link
        to={`/chats/${chat.conversation.id}`}
        className="chat-list-link"
        aria-label={
          unread > 0
            ? `${t('chat.open_chat_with', { name })}, ${t('chat.unread', { count: unread })}`
            : t('chat.open_chat_with', { name })
        }
        aria-describedby={previewId}
      >
        <div className="chat-avatar">
          <MemberPhoto profile={profile} cdnPrefix={cdnPrefix} size="thumb" />
        </div>
        <div className="chat-list-text">
          <div className="d-flex align-items-baseline gap-2">
            <span className={`chat-list-name${profile.deleted ? ' fst-italic' : ''}`}>{name}</span>
            <time
              className="chat-list-time ms-auto"
              dateTime={when.toISOString()}
              title={formatFull(when)}
            >
              {formatListTime(when, new Date(), t('chat.just_now'))}
            </time>
          </div>
          <div className="d-flex align-items-center gap-2">
            <span
              id={previewId}
              className={`chat-list-preview${last && !last.removed ? '' : ' fst-italic'}`}
            >
              {preview}
            </span>
            {unread > 0 && (
              <span className="chat-unread-badge ms-auto" aria-hidden="true">
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </div>
        </div>
      </Link>
      <button
        type="button"
        className="btn btn-link chat-remove-button"
        aria-label={t('chat.remove', { name })}
        title={t('chat.remove', { name })}
        onClick={() => onRemove(chat)}
      >
        <Trash2 size={18} aria-hidden="true" />
      </button>
    </li>
  );
}

const SKELETONS = ['c1', 'c2', 'c3', 'c4', 'c5'];

/** The list's shape while it loads (UI.md: skeletons, never a blank screen). */
export function ChatListSkeleton() {
  return (
    <ul className="chat-list card list-unstyled" aria-hidden="true">
      {SKELETONS.map((key) => (
        <li className="chat-list-item" key={key}>
          <div className="chat-list-link placeholder-glow">
            <div className="chat-avatar">
              <span className="placeholder w-100 h-100" />
            </div>
            <div className="chat-list-text">
              <span className="placeholder col-4 rounded" />
              <span className="placeholder col-8 rounded mt-2" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
