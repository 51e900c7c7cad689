import { Coins, UserX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '@/lib/error-text';
import { useSiteName } from '@/lib/settings-query';
import { useOutboxEntries } from '../hooks/use-message-outbox';
import { useTypingSignal } from '../hooks/use-typing';
import { enqueueMessage } from '../utils/message-outbox';
import { Composer, type MessageCost } from './composer';

type Problem = { kind: 'credits'; owed: boolean } | { kind: 'gone' };

interface Props {
  conversation: number;
  /** The member writing: the outbox keeps each member's messages apart. */
  memberId: number;
  recipient: string;
  /** The other member deleted their account: nothing can be sent any more. */
  recipientGone: boolean;
  cost: MessageCost | null;
}

/**
 * Sending in a conversation: the composer, and what to say when a send is refused. A
 * message goes into the outbox (utils/message-outbox) and shows at once; a refused one
 * stays in the conversation with the reason and "Try again", so nothing typed is lost. Out
 * of credits points to /credits; a member who left (or blocked the sender) closes the
 * composer; an unconfirmed address is explained by the app's own dialog; a new member's
 * conversation limit says in the message when they can write to someone new again.
 */
export function ChatComposer({ conversation, memberId, recipient, recipientGone, cost }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const siteName = useSiteName();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  // The other member sees "typing…" while there is text being written (issue 49).
  const signalTyping = useTypingSignal(conversation);

  // Each refusal speaks once (also those kept from before a reload).
  const entries = useOutboxEntries(conversation, memberId);
  const heard = useRef(new Set<string>());
  useEffect(() => {
    for (const { client_id, refusal } of entries) {
      if (!refusal || heard.current.has(client_id)) continue;
      heard.current.add(client_id);
      if (refusal.status === 402) {
        // credits_owed: a refund took back credits already spent (decision 030).
        setProblem({ kind: 'credits', owed: refusal.code === 'credits_owed' });
      } else if (refusal.status === 410 || refusal.code === 'blocked') {
        // A block reads as a member who left: the blocked member is never told (issue 17).
        setProblem({ kind: 'gone' });
      }
    }
  });

  // A balance that grew (credits bought in another tab) lifts the out-of-credits notice.
  const credits = cost?.credits;
  useEffect(() => {
    if (credits === undefined) return;
    setProblem((current) => (current?.kind === 'credits' ? null : current));
  }, [credits]);

  const short = cost !== null && !cost.paid && cost.perMessage > cost.credits;
  const gone = recipientGone || problem?.kind === 'gone';

  let notice = null;
  if (gone) {
    notice = (
      <div className="alert alert-secondary chat-notice" role="status">
        <UserX size={20} aria-hidden="true" className="flex-shrink-0" />
        <span>{t('chat.member_gone', { site: siteName })}</span>
      </div>
    );
  } else if (short || problem?.kind === 'credits') {
    notice = (
      <div className="alert alert-warning chat-notice" role="alert">
        <Coins size={20} aria-hidden="true" className="flex-shrink-0" />
        <div className="flex-grow-1">
          {problem?.kind === 'credits' && problem.owed ? (
            errorText('credits_owed')
          ) : (
            <>
              <strong className="d-block">{errorText('insufficient_credits')}</strong>
              {t('chat.out_of_credits_text', { count: cost?.perMessage ?? 1 })}
            </>
          )}
        </div>
        <Link to="/credits" className="btn btn-sm btn-primary flex-shrink-0">
          {t('chat.get_credits')}
        </Link>
      </div>
    );
  }

  return (
    <Composer
      recipient={recipient}
      draft={draft}
      onDraftChange={(text) => {
        setDraft(text);
        if (!gone) signalTyping(text);
      }}
      onSend={(text) => {
        setProblem(null);
        setDraft('');
        enqueueMessage(memberId, conversation, text);
      }}
      disabled={gone}
      cost={cost}
      notice={notice}
    />
  );
}
