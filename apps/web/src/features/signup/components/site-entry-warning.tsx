import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { Modal } from '@/components/modal';
import { hasSkippedSiteEntryWarning, skipSiteEntryWarning } from '@/lib/site-entry-warning-flag';
import { userQueryOptions } from '@/lib/user-query';

/**
 * The site-entry warning of spec section 3, for pages with the signup form (landers, member
 * landings): a visitor who leaves for the rest of the site without signing up is asked once
 * whether to finish signing up. Going on sets the flag (storage helper) and it never returns.
 */
/** Staying means signing up: focus goes to the form, not back to the link. */
const formField = () => document.querySelector<HTMLElement>('.signup-flow input');

export function SiteEntryWarning() {
  const { t } = useTranslation();
  const { data: user, isPending } = useQuery(userQueryOptions());
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) =>
        !isPending &&
        !user &&
        nextLocation.pathname !== currentLocation.pathname &&
        // Signing up, the legal pages the form links to, and members logging in.
        !/^\/(complete-signup|signup|pages\/|login|reset-password)/.test(nextLocation.pathname) &&
        !hasSkippedSiteEntryWarning(),
      [isPending, user],
    ),
  );
  if (blocker.state !== 'blocked') return null;
  const stay = () => blocker.reset();
  return (
    <Modal
      title={t('signup.entry_warning.title')}
      onClose={stay}
      size="md"
      focusOnClose={formField}
      footer={
        <>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => {
              skipSiteEntryWarning();
              blocker.proceed();
            }}
          >
            {t('signup.entry_warning.go_on')}
          </button>
          <button type="button" className="btn btn-primary" onClick={stay}>
            {t('signup.entry_warning.finish')}
          </button>
        </>
      }
    >
      <p className="mb-0">{t('signup.entry_warning.text')}</p>
    </Modal>
  );
}
