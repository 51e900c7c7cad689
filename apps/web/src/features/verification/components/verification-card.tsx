import type { User } from '@amora/shared/schemas/user';
import type { VerificationState } from '@amora/shared/schemas/verification';
import { BadgeCheck, Clock } from 'lucide-react';
import { type Ref, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { SectionCard } from '@/components/section-card';
import { useVerification } from '../api/get-verification';
import { VerificationFlow } from './verification-flow';

/**
 * The own profile's "Verification" (issue 48): the member's status, the reason of a refused
 * selfie in their language, and the way to a selfie in the pose the server assigned.
 */
export function VerificationCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const verification = useVerification();
  const [started, setStarted] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const state = verification.data;
  const sent = state?.status === 'pending';

  // Sent from the flow: it gives way to the status ("pending"), which takes the focus.
  useEffect(() => {
    if (sent && started) {
      setStarted(false);
      status.current?.focus();
    }
  }, [sent, started]);

  return (
    <SectionCard
      id="verification"
      title={t('verification.title')}
      description={t('verification.description')}
    >
      {verification.isError && !state ? (
        <LoadError
          error={verification.error}
          onRetry={() => void verification.refetch()}
          className="mb-0"
        />
      ) : !state ? (
        <p className="small text-body-secondary mb-0" role="status">
          {t('common.loading')}
        </p>
      ) : (
        <>
          <StatusLine state={state} ref={status} brief={started} />
          {state.pose && !started && (
            <StartOrPhotoFirst
              hasPhoto={user.profile.images.length > 0}
              buttonRef={startButton}
              onStart={() => setStarted(true)}
            />
          )}
          {state.pose && started && (
            <VerificationFlow
              pose={state.pose}
              onCancel={() => {
                setStarted(false);
                // The flow is gone with the focus in it: back to the button that opened it.
                requestAnimationFrame(() => startButton.current?.focus());
              }}
            />
          )}
        </>
      )}
    </SectionCard>
  );
}

function StatusLine({
  state,
  ref,
  brief,
}: {
  state: VerificationState;
  ref: Ref<HTMLParagraphElement>;
  /** Only the status itself, while the flow below says what to do. */
  brief: boolean;
}) {
  const { t } = useTranslation();
  const Icon = state.status === 'verified' ? BadgeCheck : state.status === 'pending' ? Clock : null;
  return (
    <div role="status" className="mb-0">
      <p
        ref={ref}
        tabIndex={-1}
        className={`d-flex align-items-center gap-2 fw-semibold mb-1${state.status === 'verified' ? ' text-success' : ''}`}
      >
        {Icon && <Icon size={20} aria-hidden="true" />}
        {t(`verification.status.${state.status}`)}
      </p>
      {state.status === 'rejected' && state.reason ? (
        <div className="alert alert-warning small mt-2 mb-2">
          {t('verification.rejected', { reason: t(`verification.reasons.${state.reason}`) })}
        </div>
      ) : (
        !brief && (
          <p className="small text-body-secondary mb-2">
            {t(`verification.status_text.${state.status}`)}
          </p>
        )
      )}
    </div>
  );
}

function StartOrPhotoFirst({
  hasPhoto,
  buttonRef,
  onStart,
}: {
  hasPhoto: boolean;
  buttonRef: Ref<HTMLButtonElement>;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  if (!hasPhoto) {
    return (
      <p className="small mb-0">
        {t('verification.photo_first')} <a href="#photos">{t('verification.add_photo')}</a>
      </p>
    );
  }
  return (
    <button ref={buttonRef} type="button" className="btn btn-primary" onClick={onStart}>
      {t('verification.start')}
    </button>
  );
}
