import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

/**
 * A Bootstrap-styled dialog: focus moves in and returns on close, Escape and the
 * backdrop close it, the page behind does not scroll.
 */
export function Modal({
  title,
  onClose,
  children,
  size = 'lg',
  footer,
  focusOnClose,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** `md`: Bootstrap's default width (there is no `modal-md` class, so none applies). */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** The dialog's own buttons (a confirmation's cancel and confirm); default: one Close. */
  footer?: ReactNode;
  /** Where focus goes when the dialog closes; default: back where it was before. */
  focusOnClose?: () => HTMLElement | null;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    document.body.classList.add('modal-open');
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('modal-open');
      (focusOnClose?.() ?? previous)?.focus();
    };
  }, [onClose, focusOnClose]);

  return createPortal(
    <>
      <div
        className="modal d-block"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={dialog}
        onMouseDown={(event) => event.target === event.currentTarget && onClose()}
      >
        <div className={`modal-dialog modal-dialog-scrollable modal-${size}`}>
          <div className="modal-content">
            <div className="modal-header">
              <h2 className="modal-title h5" id={titleId}>
                {title}
              </h2>
              <button
                type="button"
                className="btn-close"
                aria-label={t('common.close')}
                onClick={onClose}
              />
            </div>
            <div className="modal-body">{children}</div>
            <div className="modal-footer">
              {footer ?? (
                <button type="button" className="btn btn-primary" onClick={onClose}>
                  {t('common.close')}
                </button>
              )}
            </div>
          </div>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>,
    document.body,
  );
}
