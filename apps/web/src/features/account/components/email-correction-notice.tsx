import type { User } from '@amora/shared/schemas/user';
import { MailWarning } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ChangeEmailForm } from './change-email-form';

/** The anchor of this notice: the signup's "wrong address?" link points at it. */
export const EMAIL_CORRECTION_ANCHOR = 'email-change-incorrect';

/**
 * `/notifications#email-change-incorrect`: for a member who mistyped the address, the
 * address we mail to and the e-mail change form, brought into view and focused.
 */
export function EmailCorrectionNotice({ user }: { user: User }) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const notice = ref.current;
    if (!notice) return;
    // Scrolled to only when not wholly in view, so a wide screen keeps the page's heading.
    const { top, bottom } = notice.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight) notice.scrollIntoView({ block: 'start' });
    notice.focus({ preventScroll: true });
  }, []);

  return (
    <section
      id={EMAIL_CORRECTION_ANCHOR}
      ref={ref}
      tabIndex={-1}
      className="card"
      // A warning stripe marks it; scrolled to, it stays clear of the sticky top bar.
      style={{ borderInlineStart: '4px solid var(--bs-warning)', scrollMarginTop: '5rem' }}
      aria-labelledby={titleId}
    >
      <div className="card-body p-4">
        <h2 className="h5 d-flex align-items-center gap-2" id={titleId}>
          <MailWarning size={20} aria-hidden="true" className="text-warning-emphasis" />
          {t('email_change.notice_title')}
        </h2>
        <p>
          <Trans
            i18nKey={
              user.activated ? 'email_change.notice_text' : 'email_change.notice_text_unactivated'
            }
            values={{ email: user.email }}
            components={{ strong: <strong className="text-break" /> }}
          />
        </p>
        <ChangeEmailForm user={user} />
      </div>
    </section>
  );
}
