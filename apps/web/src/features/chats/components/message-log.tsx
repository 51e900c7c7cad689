import { mayStillUnsend } from '@amora/shared/rules/chat-live-signs';
import type { Message } from '@amora/shared/schemas/chat';
import { ArrowDown, Check, CheckCheck, Hand, Undo2 } from 'lucide-react';
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
  /** Takes one of my messages back (issue 49); offered within the unsend window. */
  onUnsend: (message: Message) => void;
  /** The message being unsent, if any: its action waits. */
  unsending: number | null;
}

/** Where one of my messages has got to (issue 49): read implies delivered. */
type Mark = 'sent' | 'delivered' | 'read';

type Item =
  | { kind: 'day'; key: string; label: string }
  | {
      kind: 'message';
      key: string;
      message: Message;
      mine: boolean;
      /**
       * Mine only. `labelled`: the mark is also said in words, under the last of mine and
       * under the last of mine read ("Read" there, "Delivered" or "Sent" under a newer one).
       */
      mark: Mark | null;
      labelled: boolean;
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

function useItems(
  messages: Message[],
  unsent: OutboxEntry[],
  myId: number,
  marks: { read: number; delivered: number },
) {
  const { t } = useTranslation();
  const now = new Date();
  const marked = messages.filter((m) => m.sender === myId && !m.held && !m.removed);
  const lastMine = marked.at(-1);
  const lastRead = marked.findLast((m) => m.id <= marks.read);
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
    const mine = message.sender === myId;
    const mark: Mark | null =
      !mine || message.held || message.removed
        ? null
        : message.id <= marks.read
          ? 'read'
          : message.id <= marks.delivered
            ? 'delivered'
            : 'sent';
    items.push({
      kind: 'message',
      key: `m-${message.id}`,
      message,
      mine,
      mark,
      labelled: message === lastMine || message === lastRead,
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
 * time under each, and under mine a mark (sent, delivered, read: one tick, two, two in the
 * accent) with its name said in words under the last of mine and the last read, and
 * "Unsend" while it can be taken back. A removed message says so in italics. It opens at the newest message,
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
  onUnsend,
  unsending,
}: Props) {
  const { t } = useTranslation();
  const log = useRef<HTMLDivElement>(null);
  const older = useRef<HTMLButtonElement>(null);
  const [jump, setJump] = useState(false);
  const place = useRef({ atBottom: true, fromEnd: 0, first: -1, last: '' });
  const messages = orderedMessages(pages);
  const marks = {
    read: pages.pages[0]?.conversation.other_read_up_to ?? 0,
    delivered: pages.pages[0]?.conversation.other_delivered_up_to ?? 0,
  };
  const items = useItems(messages, unsent, myId, marks);
  const now = useUnsendClock(messages, myId);
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
            const { message, mine, mark, labelled } = item;
            const date = new Date(message.created_at);
            const removed = message.removed === true;
            return (
              <div
                key={item.key}
                className={`chat-message ${mine ? 'mine' : 'theirs'}${message.held ? ' held' : ''}${removed ? ' removed' : ''}`}
              >
                <div className="chat-bubble">
                  <span className="visually-hidden">{mine ? t('chat.you') : recipient}: </span>
                  {removed ? (
                    <em className="chat-removed">{t('chat.message_removed')}</em>
                  ) : (
                    <span>{message.text}</span>
                  )}
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
                  {message.held && !removed ? (
                    <>
                      <span aria-hidden="true"> · </span>
                      <span className="chat-marker held">{t('chat.waiting_for_review')}</span>
                    </>
                  ) : (
                    mark && <DeliveryMark mark={mark} labelled={labelled} />
                  )}
                  {mine && !removed && mayStillUnsend(date, now) && (
                    <button
                      type="button"
                      className="btn btn-link chat-unsend"
                      aria-label={t('chat.unsend_label')}
                      title={t('chat.unsend_label')}
                      disabled={unsending === message.id}
                      onClick={() => onUnsend(message)}
                    >
                      <Undo2 size={13} aria-hidden="true" />
                      {t('chat.unsend')}
                    </button>
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

/**
 * The time "Unsend" is judged by: while one of my messages can still be unsent, it moves on
 * every 30 s, so the action leaves when its window closes (the server's 409 says the same).
 */
function useUnsendClock(messages: Message[], myId: number): Date {
  const [now, setNow] = useState(() => new Date());
  const open = messages.some(
    (m) => m.sender === myId && !m.removed && mayStillUnsend(new Date(m.created_at)),
  );
  useEffect(() => {
    if (!open) return;
    const tick = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(tick);
  }, [open]);
  return open ? new Date() : now;
}

const MARK_ICONS = { sent: Check, delivered: CheckCheck, read: CheckCheck } as const;

/**
 * One tick for sent, two for delivered, two in the accent for read. The icon has the mark's
 * name as its accessible name; under the last of my messages the name is also written out.
 */
function DeliveryMark({ mark, labelled }: { mark: Mark; labelled: boolean }) {
  const { t } = useTranslation();
  const Icon = MARK_ICONS[mark];
  const name = t(`chat.${mark}`);
  return (
    <span className={`chat-marker chat-mark ${mark}`}>
      <span aria-hidden="true"> · </span>
      {labelled ? (
        <>
          <Icon size={14} aria-hidden="true" />
          <span>{name}</span>
        </>
      ) : (
        <Icon size={14} role="img" aria-label={name} />
      )}
    </span>
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
