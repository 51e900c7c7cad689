import type { ChatItem } from '@amora/shared/schemas/chat';
import { useQuery } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { useDeleteChat } from '@/features/chats/api/delete-chat';
import { chatsQueryOptions } from '@/features/chats/api/get-chats';
import { ChatListItem, ChatListSkeleton } from '@/features/chats/components/chat-list-item';
import { RemoveChatDialog } from '@/features/chats/components/remove-chat-dialog';
import { useMessageOutbox } from '@/features/chats/hooks/use-message-outbox';
import { useSettings } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../../session/session-context';

/**
 * /chats: the member's conversations, newest activity first, from the same cache as the
 * navigation's unread count; each can be removed from the list after a confirmation.
 */
export function Component() {
  const { t } = useTranslation();
  const { user } = useSession();
  const settings = useSettings().data;
  const chats = useQuery(chatsQueryOptions({ enabled: Boolean(user), refetchInterval: false }));
  const removeChat = useDeleteChat();
  // Messages that waited (offline, a closed tab) go as soon as the chats show.
  useMessageOutbox(user?.id);
  const [removing, setRemoving] = useState<ChatItem | null>(null);
  const page = useRef<HTMLDivElement>(null);
  useDocumentTitle(t('routes.chats.title'));

  const list = chats.data?.chats ?? [];
  const nameOf = (chat: ChatItem) =>
    chat.profile.deleted ? t('chat.deleted_member') : chat.profile.name;

  return (
    <div className="py-2 mx-auto" style={{ maxWidth: '48rem' }} ref={page}>
      <PageHeader title={t('routes.chats.title')}>{t('routes.chats.text')}</PageHeader>
      {chats.isPending && <ChatListSkeleton />}
      {chats.isError && !chats.data && (
        <LoadError
          error={chats.error}
          what={t('chat.load_failed')}
          onRetry={() => void chats.refetch()}
        />
      )}
      {chats.data && list.length === 0 && (
        <EmptyState
          icon={<MessagesSquare />}
          title={t('chat.empty_title')}
          text={t('chat.empty_text')}
          action={
            <Link to="/members" className="btn btn-primary">
              {t('chat.find_members')}
            </Link>
          }
        />
      )}
      {list.length > 0 && user && (
        <ul className="chat-list card list-unstyled" aria-label={t('chat.list_label')}>
          {list.map((chat) => (
            <ChatListItem
              key={chat.conversation.id}
              chat={chat}
              myId={user.id}
              cdnPrefix={settings?.cdn_prefix ?? '/uploads/'}
              onRemove={setRemoving}
            />
          ))}
        </ul>
      )}
      {removing && (
        <RemoveChatDialog
          name={nameOf(removing)}
          onClose={() => setRemoving(null)}
          onConfirm={() => {
            removeChat.mutate(removing.conversation.id);
            setRemoving(null);
            // The dialog's button is gone with the chat: focus goes on to the next chat.
            requestAnimationFrame(() => {
              const next = page.current?.querySelector<HTMLElement>('.chat-list-link, h1');
              next?.focus();
            });
          }}
        />
      )}
    </div>
  );
}
