import type { Message } from '@amora/shared/schemas/chat';
import { ArrowDown, Hand } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessagePages } from '../api/get-messages';
import { dayKey, daysAgo, formatDay, formatFull, formatTime } from '../utils/chat-dates';
import type { OutboxEntry } from '../utils/outbox-store';
import { UnsentMessage } from './unsent-message';

interface Props {
  pages: MessagePages;
  /** My messages the server has not confirmed (the outbox), oldest first. */
  unsent: OutboxEntry[];
  myId: number;
  /** The other member's name as shown ("Deleted member" for a deleted one). */
  recipient: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

type Item =
  | { kind: 'day'; key: string; label: string }
  | {
      kind: 'message';
      key: string;
      message: Message;
      mine: boolean;
      marker: 'read' | 'sent' | null;
    }
  | { kind: 'unsent'; key: string; entry: OutboxEntry };

/** Within this many pixels of the end the log counts as "at the bottom" and follows new messages. */
const BOTTOM_SLACK = 48;

/** All loaded messages, oldest first, once each (the newest page comes first in the cache). */
function orderedMessages(pages: MessagePages): Message[] {
  const seen = new Set<number>();
  const messages: Message[] = [];
  for (const page of [...pages.pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  return messages;
}

function useItems(messages: Message[], unsent: OutboxEntry[], myId: number, otherReadUpTo: number) {
  const { t } = useTranslation();
  const now = new Date();
  const mine = messages.filter((m) => m.sender === myId);
  const lastMine = mine.at(-1);
  const lastRead = mine.findLast((m) => m.id <= otherReadUpTo);
  const items: Item[] = [];
  let day = '';
  const separator = (date: Date) => {
    const key = dayKey(date);
    if (key === day) return;
    day = key;
    const ago = daysAgo(date, now);
    const label =
      ago === 0 ? t('chat.today') : ago === 1 ? t('chat.yesterday') : formatDay(date, now);
    items.push({ kind: 'day', key: `day-${key}`, label });
  };
  for (const message of messages) {
    separator(new Date(message.created_at));
    const marker =
      message === lastRead
        ? 'read'
        : message === lastMine && message.id > otherReadUpTo
          ? 'sent'
          : null;
    items.push({
      kind: 'message',
      key: `m-${message.id}`,
      message,
      mine: message.sender === myId,
      marker,
    });
  }
  // Those whose stored message is here already were left out by their key: none shows twice.
  for (const entry of unsent) {
    separator(now);
    items.push({ kind: 'unsent', key: `u-${entry.client_id}`, entry });
  }
  return items;
}

/**
 * The conversation as a live log: day separators, bubbles (mine on the end side) with the
 * time under each, "Read" under my last read message. It opens at the newest message,
 * follows new ones while at the bottom (else offers a jump), and keeps its place when older
 * pages load above, by a button or by scrolling to the top.
 */
export function MessageLog({
  pages,
  unsent,
  myId,
  recipient,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: Props) {
  const { t } = useTranslation();
  const log = useRef<HTMLDivElement>(null);
  const older = useRef<HTMLButtonElement>(null);
  const [jump, setJump] = useState(false);
  const place = useRef({ atBottom: true, fromEnd: 0, first: -1, last: '' });
  const messages = orderedMessages(pages);
  const otherReadUpTo = pages.pages[0]?.conversation.other_read_up_to ?? 0;
  const items = useItems(messages, unsent, myId, otherReadUpTo);
  const firstId = messages[0]?.id ?? -1;
  const lastItem = items.at(-1);
  const lastKey = lastItem?.key ?? '';
  const lastIsMine = lastItem?.kind === 'unsent' || (lastItem?.kind === 'message' && lastItem.mine);

  // Runs after every render: where the log stands decides where it goes.
  useLayoutEffect(() => {
    const el = log.current;
    if (!el) return;
    const p = place.current;
    const newAtEnd = lastKey !== p.last;
    if (p.atBottom || (newAtEnd && lastIsMine)) {
      el.scrollTop = el.scrollHeight;
      p.atBottom = true;
    } else if (firstId !== p.first) {
      // Older messages came in above: the ones being read stay where they were.
      el.scrollTop = el.scrollHeight - p.fromEnd;
    } else if (newAtEnd && lastKey) {
      setJump(true);
    }
    p.first = firstId;
    p.last = lastKey;
    p.fromEnd = el.scrollHeight - el.scrollTop;
  });

  // A taller composer or the phone keyboard shrinks the log: stay with the newest message.
  useEffect(() => {
    const el = log.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (place.current.atBottom) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Scrolling up to the start loads the page before it.
  const loadOlder = useRef(onLoadOlder);
  loadOlder.current = onLoadOlder;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new first message re-observes, so a button still in view loads the next page
  useEffect(() => {
    const root = log.current;
    const target = older.current;
    if (
      !root ||
      !target ||
      !hasOlder ||
      loadingOlder ||
      typeof IntersectionObserver === 'undefined'
    ) {
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          loadOlder.current();
        }
      },
      { root, rootMargin: '150px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasOlder, loadingOlder, firstId]);

  const onScroll = () => {
    const el = log.current;
    if (!el) return;
    const p = place.current;
    p.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK;
    p.fromEnd = el.scrollHeight - el.scrollTop;
    if (p.atBottom && jump) setJump(false);
  };

  const toBottom = () => {
    const el = log.current;
    if (!el) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollTo({ top: el.scrollHeight, behavior: reduced ? 'auto' : 'smooth' });
    setJump(false);
  };

  return (
    <div className="chat-log-wrap">
      <div
        ref={log}
        className="chat-log"
        role="log"
        aria-live="polite"
        aria-label={t('chat.messages_with', { name: recipient })}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so the keyboard can scroll it
        tabIndex={0}
        onScroll={onScroll}
      >
        <div className="chat-log-inner">
          {hasOlder ? (
            <div className="text-center py-2">
              <button
                ref={older}
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={loadingOlder}
                onClick={() => {
                  place.current.atBottom = false;
                  onLoadOlder();
                }}
              >
                {loadingOlder ? (
                  <>
                    <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                    {t('chat.loading_older')}
                  </>
                ) : (
                  t('chat.load_older')
                )}
              </button>
            </div>
          ) : (
            items.length > 0 && (
              <p className="chat-beginning">{t('chat.beginning', { name: recipient })}</p>
            )
          )}
          {items.length === 0 && <SayHello recipient={recipient} />}
          {items.map((item) => {
            if (item.kind === 'day') {
              return (
                <div key={item.key} className="chat-day">
                  <span>{item.label}</span>
                </div>
              );
            }
            if (item.kind === 'unsent') {
              return <UnsentMessage key={item.key} entry={item.entry} />;
            }
            const { message, mine, marker } = item;
            const date = new Date(message.created_at);
            return (
              <div
                key={item.key}
                className={`chat-message ${mine ? 'mine' : 'theirs'}${message.held ? ' held' : ''}`}
              >
                <div className="chat-bubble">
                  <span className="visually-hidden">{mine ? t('chat.you') : recipient}: </span>
                  <span>{message.text}</span>
                </div>
                <div className="chat-meta">
                  <time dateTime={message.created_at} title={formatFull(date)}>
                    {formatTime(date)}
                  </time>
                  {message.demo_reply && (
                    <>
                      <span aria-hidden="true"> · </span>
                      <span className="chat-marker demo-reply">{t('chat.demo_reply')}</span>
                    </>
                  )}
                  {message.held ? (
                    <>
                      <span aria-hidden="true"> · </span>
                      <span className="chat-marker held">{t('chat.waiting_for_review')}</span>
                    </>
                  ) : (
                    marker && (
                      <>
                        <span aria-hidden="true"> · </span>
                        <span className={`chat-marker ${marker}`}>{t(`chat.${marker}`)}</span>
                      </>
                    )
                  )}
                </div>
              </div>
            );
          })}
        </div>
      </div>
      {jump && (
        <button type="button" className="btn btn-primary btn-sm chat-jump" onClick={toBottom}>
          <ArrowDown size={16} aria-hidden="true" />
          {t('chat.new_messages')}
        </button>
      )}
    </div>
  );
}

function SayHello({ recipient }: { recipient: string }) {
  const { t } = useTranslation();
  return (
    <div className="chat-hello">
      <div className="feature-icon mx-auto mb-3" aria-hidden="true">
        <Hand />
      </div>
      <p className="fw-semibold mb-1">{t('chat.say_hello', { name: recipient })}</p>
      <p className="text-body-secondary small mb-0">{t('chat.say_hello_text')}</p>
    </div>
  );
}
