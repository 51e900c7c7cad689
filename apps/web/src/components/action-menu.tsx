import { MoreHorizontal } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface MenuAction {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  onSelect: () => void;
}

/**
 * A "⋯" button opening a short menu (the WAI-ARIA menu button): arrow keys, Home and End
 * move through it, Escape or Tab closes it, a click outside too; focus goes back to the
 * button when an item or Escape closes it.
 */
export function ActionMenu({
  label,
  actions,
  className = 'btn btn-sm btn-outline-secondary',
  align = 'end',
  direction = 'down',
}: {
  /** The button's accessible name, e.g. "More for Anna". */
  label: string;
  actions: MenuAction[];
  className?: string;
  align?: 'start' | 'end';
  /** `up` where the space below is clipped (the footer of a card). */
  direction?: 'down' | 'up';
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    items.current[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onMenuKey = (event: React.KeyboardEvent) => {
    const count = actions.length;
    const at = items.current.indexOf(document.activeElement as HTMLButtonElement);
    const target = {
      ArrowDown: (at + 1) % count,
      ArrowUp: (at - 1 + count) % count,
      Home: 0,
      End: count - 1,
    }[event.key];
    if (target !== undefined) {
      event.preventDefault();
      items.current[target]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="action-menu position-relative" ref={root}>
      <button
        ref={button}
        type="button"
        className={className}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <MoreHorizontal size={18} aria-hidden="true" />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          className={`dropdown-menu show shadow-sm ${align === 'end' ? 'dropdown-menu-end end-0' : 'start-0'}`}
          style={
            direction === 'down'
              ? { top: '100%', marginTop: '0.25rem' }
              : { top: 'auto', bottom: '100%', marginBottom: '0.25rem' }
          }
          onKeyDown={onMenuKey}
        >
          {actions.map((action, i) => (
            <button
              key={action.key}
              ref={(node) => {
                items.current[i] = node;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`dropdown-item d-flex align-items-center gap-2${action.danger ? ' text-danger' : ''}`}
              onClick={() => {
                close(true);
                action.onSelect();
              }}
            >
              {action.icon}
              {action.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
