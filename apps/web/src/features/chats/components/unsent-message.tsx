import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { discardMessage, retryMessage } from '../utils/message-outbox';
import type { OutboxEntry } from '../utils/outbox-store';

/**
 * A message of mine the server has not confirmed: "Sending…" while it waits for an answer
 * (also offline, for as long as it takes), or, refused, why (in the words of the error
 * catalogue) with "Try again" and "Delete". A block reads as a member who left, as
 * everywhere (issue 17), and trying again there would change nothing. A member who hears
 * from verified members only (issue 48) comes with the way to verification.
 */
export function UnsentMessage({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { refusal } = entry;
  const bubble = (
    <div className="chat-bubble">
      <span className="visually-hidden">{t('chat.you')}: </span>
      <span>{entry.text}</span>
    </div>
  );
  if (!refusal) {
    return (
      <div className="chat-message mine pending">
        {bubble}
        <div className="chat-meta">{t('chat.sending')}</div>
      </div>
    );
  }
  const gone = refusal.status === 410 || refusal.code === 'blocked';
  const retryAt = refusal.retry_at ? new Date(refusal.retry_at) : null;
  const reason = errorText(
    new ApiError(refusal.status, gone ? 'member_gone' : refusal.code, '', {}, retryAt),
  );
  return (
    <div className="chat-message mine unsent">
      {bubble}
      <div className="chat-meta chat-unsent-meta">
        <span className="chat-marker unsent">{t('chat.not_sent')}</span>
        <span className="chat-unsent-reason">{reason}</span>
        <span className="chat-unsent-actions">
          {refusal.code === 'verification_required' && (
            <Link to="/profile#verification" className="btn btn-link chat-unsent-action">
              {t('chat.verification_required.verify')}
            </Link>
          )}
          {!gone && (
            <button
              type="button"
              className="btn btn-link chat-unsent-action"
              onClick={() => retryMessage(entry.client_id)}
            >
              {t('common.retry')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-link chat-unsent-action"
            aria-label={t('chat.delete_unsent')}
            onClick={() => discardMessage(entry.client_id)}
          >
            {t('chat.delete')}
          </button>
        </span>
      </div>
    </div>
  );
}
