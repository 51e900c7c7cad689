import { CLASSIC_TEMPLATE } from '@amora/shared/template';
import { useQueryClient } from '@tanstack/react-query';
import { MessageCircleOff } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { markChatReadInCache, useMessages } from '@/features/chats/api/get-messages';
import { useUnsendMessage } from '@/features/chats/api/unsend-message';
import { ChatComposer } from '@/features/chats/components/chat-composer';
import { ChatTopBar } from '@/features/chats/components/chat-top-bar';
import type { MessageCost } from '@/features/chats/components/composer';
import { MessageLog } from '@/features/chats/components/message-log';
import { TypingIndicator } from '@/features/chats/components/typing-indicator';
import { useConversationLive } from '@/features/chats/hooks/use-conversation-live';
import { useMessageOutbox, useUnsentMessages } from '@/features/chats/hooks/use-message-outbox';
import { useOtherTyping } from '@/features/chats/hooks/use-typing';
import { useCredits } from '@/features/credits/api/get-credits';
import { MemberSafetyMenu } from '@/features/safety/components/member-safety-menu';
import { ApiError } from '@/lib/api-client';
import { messagePrice } from '@/lib/message-price';
import { useSettings } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../../session/session-context';

/**
 * /chats/:chatId in the chat layout: the other member on top, the conversation filling the
 * height, "… is typing" and the composer at the bottom. Opening it reads it (unread count 0
 * at once); it follows live events and reads its newest page every 15 s without them.
 */
export function Component() {
  const { t } = useTranslation();
  const { chatId } = useParams();
  const id = Number(chatId);
  const queryClient = useQueryClient();
  const { user } = useSession();
  const settings = useSettings().data;
  const messages = useMessages(id);
  const credits = useCredits(Boolean(user) && !user?.paid_user);
  const myId = user?.id ?? 0;
  const navigate = useNavigate();
  useConversationLive(id, myId);
  useMessageOutbox(user?.id);
  const unsent = useUnsentMessages(id, myId, messages.data);
  const typing = useOtherTyping(id, myId);
  const unsend = useUnsendMessage(id);

  const data = messages.data;
  const first = data?.pages[0];
  const profile = first?.profile;
  const recipient = profile ? (profile.deleted ? t('chat.deleted_member') : profile.name) : '';
  useDocumentTitle(
    profile ? t('chat.title_with', { name: recipient }) : t('routes.chats-chatId.title'),
  );

  // Each newest page read on the server is an unread count of 0 in the list.
  const updatedAt = messages.dataUpdatedAt;
  useEffect(() => {
    if (updatedAt) markChatReadInCache(queryClient, id);
  }, [updatedAt, id, queryClient]);

  const error = messages.error;
  if (!first && error instanceof ApiError && [400, 403, 404].includes(error.status)) {
    return <ChatNotFound />;
  }
  if (!data || !first || !profile || !user) {
    return messages.isError ? (
      <LoadFailed error={messages.error} onRetry={() => void messages.refetch()} />
    ) : (
      <ChatSkeleton />
    );
  }

  const ledger = credits.data?.pages[0];
  const cost: MessageCost | null = user.paid_user
    ? { paid: true, credits: user.credits, perMessage: 0, price: null }
    : ledger
      ? {
          paid: ledger.paid_user,
          credits: user.credits,
          perMessage: ledger.message_credits,
          price: messagePrice(settings, user.profile.country),
        }
      : null;

  return (
    <div className="chat-screen">
      {CLASSIC_TEMPLATE.chat.showTopBar ? (
        <ChatTopBar
          profile={profile}
          cdnPrefix={settings?.cdn_prefix ?? '/uploads/'}
          actions={
            !profile.deleted && (
              <MemberSafetyMenu
                profile={profile}
                conversation={id}
                buttonClassName="btn btn-link chat-back"
                // A blocked member's conversation leaves the list: back to it.
                onBlocked={() => navigate('/chats', { replace: true })}
              />
            )
          }
        />
      ) : (
        <h1 className="visually-hidden">{t('chat.title_with', { name: recipient })}</h1>
      )}
      <MessageLog
        pages={data}
        unsent={unsent}
        myId={myId}
        recipient={recipient}
        hasOlder={messages.hasNextPage}
        loadingOlder={messages.isFetchingNextPage}
        onLoadOlder={() => {
          if (!messages.isFetchingNextPage) void messages.fetchNextPage();
        }}
        onUnsend={(message) => unsend.mutate(message.id)}
        unsending={unsend.isPending ? (unsend.variables ?? null) : null}
      />
      <TypingIndicator name={recipient} typing={typing && !profile.deleted} />
      <ChatComposer
        conversation={id}
        memberId={myId}
        recipient={recipient}
        recipientGone={profile.deleted}
        cost={cost}
      />
    </div>
  );
}

function ChatNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(t('chat.not_found_title'));
  return (
    <div className="chat-screen justify-content-center">
      <div className="empty-state card my-4">
        <div className="card-body">
          <div className="feature-icon" aria-hidden="true">
            <MessageCircleOff />
          </div>
          <h1 className="h4">{t('chat.not_found_title')}</h1>
          <p className="text-body-secondary">{t('chat.not_found_text')}</p>
          <Link to="/chats" className="btn btn-primary">
            {t('chat.to_chats')}
          </Link>
        </div>
      </div>
    </div>
  );
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="chat-screen justify-content-center">
      <LoadError
        className="my-4"
        error={error}
        what={t('chat.conversation_load_failed')}
        onRetry={onRetry}
      >
        <Link to="/chats" className="btn btn-sm btn-link">
          {t('chat.to_chats')}
        </Link>
      </LoadError>
    </div>
  );
}

const BUBBLES = [
  { key: 'b1', side: 'theirs', width: '55%' },
  { key: 'b2', side: 'mine', width: '35%' },
  { key: 'b3', side: 'theirs', width: '70%' },
  { key: 'b4', side: 'mine', width: '50%' },
  { key: 'b5', side: 'theirs', width: '30%' },
];

/** The conversation's shape while it loads. */
function ChatSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="chat-screen" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      <div className="chat-top-bar placeholder-glow" aria-hidden="true">
        <span className="chat-avatar chat-avatar-sm placeholder" />
        <span className="placeholder col-3 rounded" />
      </div>
      <div className="chat-log-wrap" aria-hidden="true">
        <div className="chat-log">
          <div className="chat-log-inner placeholder-glow">
            {BUBBLES.map(({ key, side, width }) => (
              <div key={key} className={`chat-message ${side} w-100`}>
                <span className="placeholder chat-bubble-skeleton" style={{ width }} />
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
