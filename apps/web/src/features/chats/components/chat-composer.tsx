import { useQueryClient } from '@tanstack/react-query';
import { Coins, UserX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isNotActivated } from '@/lib/activation-required';
import type { ApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useSiteName } from '@/lib/settings-query';
import { userKeys } from '@/lib/user-query';
import { messageKeys } from '../api/get-messages';
import { type SendVariables, useSendMessage } from '../api/send-message';
import { Composer, type MessageCost } from './composer';

type Problem =
  | { kind: 'credits'; owed: boolean }
  | { kind: 'gone' }
  | { kind: 'failed'; text: string };

interface Props {
  conversation: number;
  recipient: string;
  /** The other member deleted their account: nothing can be sent any more. */
  recipientGone: boolean;
  cost: MessageCost | null;
}

/**
 * Sending in a conversation: the composer, and what to say when a send fails. A failed
 * message goes back into the box (nothing typed is ever lost); out of credits points to
 * /credits; a member who left (or blocked the sender) closes the composer; an unconfirmed
 * address is explained by the app's own dialog; a new member's conversation limit says when
 * they can write to someone new again.
 */
export function ChatComposer({ conversation, recipient, recipientGone, cost }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const siteName = useSiteName();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);

  const onFailed = ({ text }: SendVariables, error: ApiError) => {
    setDraft((current) => (current.trim() ? `${text}\n${current}` : text));
    if (error.status === 402) {
      // credits_owed: a refund took back credits already spent (decision 030).
      setProblem({ kind: 'credits', owed: error.code === 'credits_owed' });
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    } else if (isNotActivated(error)) {
      // The app explains it, with the link again (decision 026); the text waits in the box.
      setProblem(null);
    } else if (error.status === 410 || error.code === 'blocked') {
      // A block reads as a member who left: the blocked member is never told (issue 17).
      setProblem({ kind: 'gone' });
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(conversation) });
    } else {
      setProblem({ kind: 'failed', text: errorText(error) });
    }
  };
  const send = useSendMessage(conversation, onFailed);

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
  } else if (problem?.kind === 'failed') {
    notice = (
      <div className="alert alert-danger chat-notice" role="alert">
        <span className="flex-grow-1">{problem.text}</span>
        <button
          type="button"
          className="btn-close flex-shrink-0"
          aria-label={t('common.close')}
          onClick={() => setProblem(null)}
        />
      </div>
    );
  }

  return (
    <Composer
      recipient={recipient}
      draft={draft}
      onDraftChange={setDraft}
      onSend={(text) => {
        setProblem(null);
        setDraft('');
        send.mutate({ text });
      }}
      disabled={gone}
      cost={cost}
      notice={notice}
    />
  );
}
