import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMOJI, EMOJI_COLUMNS } from '../utils/emoji';

/**
 * A small grid of emoji that stays open for several picks. One stop in the tab order:
 * the arrow keys, Home and End move within it (roving tabindex), Escape closes it.
 */
export function EmojiPicker({
  id,
  onPick,
  onClose,
}: {
  id: string;
  onPick: (emoji: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    buttons.current[0]?.focus();
  }, []);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: EMOJI_COLUMNS,
      ArrowUp: -EMOJI_COLUMNS,
    };
    let next: number | null = null;
    if (event.key in steps) next = active + steps[event.key]!;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = EMOJI.length - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (next === null) return;
    event.preventDefault();
    const index = Math.max(0, Math.min(EMOJI.length - 1, next));
    setActive(index);
    buttons.current[index]?.focus();
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a grid of buttons, not a form fieldset
    <div
      id={id}
      className="emoji-picker"
      role="group"
      aria-label={t('chat.emoji_grid')}
      onKeyDown={move}
    >
      {EMOJI.map((emoji, index) => (
        <button
          key={emoji}
          type="button"
          className="emoji-button"
          tabIndex={index === active ? 0 : -1}
          ref={(node) => {
            buttons.current[index] = node;
          }}
          onFocus={() => setActive(index)}
          onClick={() => onPick(emoji)}
        >
          {emoji}
        </button>
      ))}
    </div>
  );
}
