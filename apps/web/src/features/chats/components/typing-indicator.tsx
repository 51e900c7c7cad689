import { useTranslation } from 'react-i18next';

/**
 * "… is typing" between the conversation and the composer. The live region is always there,
 * so screen readers hear the words when they appear (politely, between other speech).
 */
export function TypingIndicator({ name, typing }: { name: string; typing: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="chat-typing" aria-live="polite">
      {typing && (
        <span className="chat-typing-text">
          <span className="chat-typing-dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          {t('chat.typing', { name })}
        </span>
      )}
    </div>
  );
}
