import { MESSAGE_MAX_LENGTH, messageTextSchema } from '@amora/shared/schemas/messages';
import { CLASSIC_TEMPLATE } from '@amora/shared/template';
import { SendHorizontal, Smile } from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useValidationText } from '@/components/form-field';
import { EmojiPicker } from './emoji-picker';

/** The character counter shows from this many characters before the limit. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 200;

/** What a message costs this member; null while unknown. */
export interface MessageCost {
  paid: boolean;
  credits: number;
  /** Credits one message costs (0 for paid members). */
  perMessage: number;
  /** The money price of a message, formatted, or null. */
  price: string | null;
}

interface Props {
  recipient: string;
  draft: string;
  onDraftChange: (draft: string) => void;
  /** Gets the trimmed, valid text. */
  onSend: (text: string) => void;
  disabled: boolean;
  cost: MessageCost | null;
  /** A notice above the box (out of credits, member gone, send failed). */
  notice?: ReactNode;
}

/** Enter sends where there is a keyboard and a fine pointer; phones get a newline. */
const enterSends = () =>
  typeof window !== 'undefined' && window.matchMedia('(hover: hover) and (pointer: fine)').matches;

/**
 * The send box: a textarea growing from one to five rows, the emoji grid (template toggle
 * chat.showEmojiButton) inserting at the caret, a counter near the length limit, the price
 * of a message and the balance for members who pay per message.
 */
export function Composer({
  recipient,
  draft,
  onDraftChange,
  onSend,
  disabled,
  cost,
  notice,
}: Props) {
  const { t } = useTranslation();
  const validationText = useValidationText();
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const caret = useRef<number | null>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const showEmoji = CLASSIC_TEMPLATE.chat.showEmojiButton;

  const length = draft.trim().length;
  const over = length - MESSAGE_MAX_LENGTH;

  // Height follows the text (CSS caps it at five rows); a restored caret after an emoji.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height depends on the text in the DOM
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + (el.offsetHeight - el.clientHeight)}px`;
    if (caret.current !== null) {
      el.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  }, [draft]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (disabled) return;
    const parsed = messageTextSchema.safeParse(draft);
    if (!parsed.success) {
      if (length > 0) setError(validationText(parsed.error.issues[0]?.message));
      return;
    }
    setError(null);
    setEmojiOpen(false);
    onSend(parsed.data);
    box.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if (!enterSends()) return;
    event.preventDefault();
    submit();
  };

  const insert = (emoji: string) => {
    const el = box.current;
    const start = el?.selectionStart ?? draft.length;
    const end = el?.selectionEnd ?? draft.length;
    caret.current = start + emoji.length;
    onDraftChange(draft.slice(0, start) + emoji + draft.slice(end));
  };

  const closeEmoji = () => {
    setEmojiOpen(false);
    emojiButton.current?.focus();
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form className="chat-composer" onSubmit={submit} aria-label={t('chat.composer_form')}>
      {notice}
      {emojiOpen && <EmojiPicker id={`${id}-emoji`} onPick={insert} onClose={closeEmoji} />}
      <div className="chat-composer-row">
        {showEmoji && (
          <button
            type="button"
            ref={emojiButton}
            className={`btn chat-icon-button${emojiOpen ? ' active' : ''}`}
            aria-label={t('chat.emoji')}
            title={t('chat.emoji')}
            aria-expanded={emojiOpen}
            aria-controls={emojiOpen ? `${id}-emoji` : undefined}
            disabled={disabled}
            onClick={() => setEmojiOpen((open) => !open)}
          >
            <Smile size={22} aria-hidden="true" />
          </button>
        )}
        <label htmlFor={id} className="visually-hidden">
          {t('chat.composer_label', { name: recipient })}
        </label>
        <textarea
          id={id}
          ref={box}
          className={`form-control chat-input${error || over > 0 ? ' is-invalid' : ''}`}
          rows={1}
          value={draft}
          placeholder={disabled ? t('chat.composer_closed') : t('chat.placeholder')}
          disabled={disabled}
          aria-invalid={error || over > 0 ? true : undefined}
          aria-describedby={`${error ? errorId : ''} ${hintId}`.trim()}
          onChange={(event) => {
            setError(null);
            onDraftChange(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="btn btn-primary chat-send-button"
          aria-label={t('chat.send')}
          title={t('chat.send')}
          disabled={disabled || length === 0 || over > 0}
        >
          <SendHorizontal size={22} aria-hidden="true" />
        </button>
      </div>
      {error && (
        <div id={errorId} className="chat-composer-error" role="alert">
          {error}
        </div>
      )}
      <div id={hintId} className="chat-composer-meta">
        {cost && !disabled && <CostHint cost={cost} />}
        {length > COUNTER_FROM && (
          <span className={`ms-auto chat-counter${over > 0 ? ' over' : ''}`}>
            {over > 0
              ? t('chat.chars_over', { count: over })
              : t('chat.chars_left', { count: MESSAGE_MAX_LENGTH - length })}
          </span>
        )}
      </div>
    </form>
  );
}

function CostHint({ cost }: { cost: MessageCost }) {
  const { t } = useTranslation();
  if (cost.paid) return <span>{t('chat.free_with_premium')}</span>;
  // Where messages cost nothing (a country priced at 0) there is nothing to say.
  if (cost.perMessage === 0) return null;
  return (
    <span>
      {cost.price
        ? t('chat.cost_hint', { count: cost.perMessage, price: cost.price })
        : t('chat.cost_hint_plain', { count: cost.perMessage })}
      {' · '}
      <Link to="/credits">{t('chat.balance', { count: cost.credits })}</Link>
    </span>
  );
}
