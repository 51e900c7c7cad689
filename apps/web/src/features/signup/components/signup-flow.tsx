import {
  autoSkipStep,
  entryStepForMember,
  type PushSituation,
  SIGNUP_STEPS,
  type SignupStep,
  signupProgress,
  stepAfterAccount,
} from '@amora/shared/rules/signup-steps';
import { startingCountry } from '@amora/shared/rules/starting-country';
import { CLASSIC_TEMPLATE } from '@amora/shared/template';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLocale } from '@/lib/i18n';
import { useSettings } from '@/lib/settings-query';
import { storedTracking } from '@/lib/tracking';
import { type PushStatus, usePush } from '@/lib/use-push';
import { userQueryOptions } from '@/lib/user-query';
import { useCreateAccount } from '../api/create-account';
import { AccountStep } from './account-step';
import { InviteOnly } from './invite-only';

/** The steps after the first load when reached: the first page carries only the form. */
const AboutStep = lazy(() => import('./about-step').then((m) => ({ default: m.AboutStep })));
const DetailsStep = lazy(() => import('./details-step').then((m) => ({ default: m.DetailsStep })));
const DoneStep = lazy(() => import('./done-step').then((m) => ({ default: m.DoneStep })));
const LocationStep = lazy(() =>
  import('./location-step').then((m) => ({ default: m.LocationStep })),
);
const PhotoStep = lazy(() => import('./photo-step').then((m) => ({ default: m.PhotoStep })));
const PushStep = lazy(() => import('./push-step').then((m) => ({ default: m.PushStep })));
const SendingStep = lazy(() => import('./sending-step').then((m) => ({ default: m.SendingStep })));

/** How long a resuming member waits for the service worker before push counts as unsupported. */
const PUSH_WAIT_MS = 3000;

export interface SignupFlowProps {
  /** The member whose page the visitor signs up from, if any. */
  memberId?: number | null;
  /** An optional heading above the form (e.g. about that member). */
  heading?: ReactNode;
  /** The flow-complete event: the member pressed on from the last step. */
  onComplete: () => void;
  /**
   * Embedded in a page for visitors (home, landers, member landings, the error page): once
   * the account exists, /complete-signup takes over at the step the step-0 rule gives.
   */
  embedded?: boolean;
  /** Where a handed-over flow starts: the step-0 rule's answer in the embedded form. */
  startAt?: SignupStep | undefined;
}

/** The location state /complete-signup reads the handed-over step from. */
export interface SignupHandover {
  signupStep: SignupStep;
}

/** The signup form of spec section 2: steps 0 to 7 with the transitions of section 4. */
export function SignupFlow({
  memberId = null,
  heading,
  onComplete,
  embedded = false,
  startAt,
}: SignupFlowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const settings = useSettings().data;
  const userQuery = useQuery(userQueryOptions());
  const user = userQuery.data ?? null;
  const push = usePush(settings ? settings.push_pub : undefined);
  const createAccount = useCreateAccount();
  // A visitor starts at the form in the first render: no placeholder to shift the page.
  const [step, setStep] = useState<SignupStep | null>(() =>
    settings && userQuery.data === null ? SIGNUP_STEPS.account : null,
  );
  const body = useRef<HTMLDivElement>(null);
  const [pushWaitOver, setPushWaitOver] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPushWaitOver(true), PUSH_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  const profileState = user && {
    countryregion: user.profile.countryregion,
    city: user.profile.city,
    gender: user.profile.gender,
    date_of_birth: user.profile.date_of_birth,
    personalNote: user.profile.notes.personal ?? null,
  };

  /** Moves forward, skipping steps already answered when the template says so. */
  const goTo = useCallback(
    (next: SignupStep) => {
      const skip =
        CLASSIC_TEMPLATE.signup.autoSkipCompletedSteps &&
        profileState &&
        next >= SIGNUP_STEPS.location &&
        next <= SIGNUP_STEPS.about;
      setStep(skip ? autoSkipStep(next, profileState) : next);
    },
    [profileState],
  );

  useEffect(() => {
    if (step !== null || !settings) return;
    if (!user) return setStep(SIGNUP_STEPS.account);
    if (startAt !== undefined) return goTo(startAt);
    // A member resuming waits (briefly) to know about push: unknown until the worker is ready.
    if (push.status === 'unknown' && !pushWaitOver) return;
    goTo(
      entryStepForMember(
        { hasMainImage: user.profile.main_image !== null },
        situationOf(push.status),
      ),
    );
  }, [step, push.status, pushWaitOver, settings, user, goTo, startAt]);

  useEffect(() => {
    if (step !== null && step > 0) body.current?.focus();
  }, [step]);

  if (!settings || step === null) {
    return (
      <div className="placeholder-glow" aria-busy="true">
        <span className="placeholder col-12 placeholder-lg rounded" />
      </div>
    );
  }

  const open =
    settings.signups === 'all' ||
    (settings.signups === 'with_trafficsource' && Boolean(storedTracking().network));
  if (!user && !open) return <InviteOnly />;

  const progress = Math.round(signupProgress(step) * 100);
  return (
    <div className="signup-flow" data-push={push.status}>
      {heading}
      {step < SIGNUP_STEPS.done && (
        <div
          className="progress mb-4"
          role="progressbar"
          aria-label={t('signup.progress')}
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
          style={{ height: 8 }}
        >
          <div className="progress-bar" style={{ width: `${progress}%` }} />
        </div>
      )}
      <div ref={body} tabIndex={-1} className="signup-step" data-step={step}>
        <Suspense fallback={<StepPlaceholder />}>
          {step === SIGNUP_STEPS.account && (
            <AccountStep
              onSubmit={async (values) => {
                await createAccount.mutateAsync({
                  ...values,
                  country: startingCountry(settings.countries, settings.geoip_selected_country),
                  language: currentLocale(),
                  memberId,
                });
                const situation = situationOf(
                  push.status === 'unknown' ? await push.settle(PUSH_WAIT_MS) : push.status,
                );
                if (situation.subscribed) await push.attachExisting();
                // Step 0's rule (spec section 4), wherever the form is.
                const next = stepAfterAccount(situation);
                if (embedded) {
                  const handover: SignupHandover = { signupStep: next };
                  navigate('/complete-signup', { state: handover });
                } else goTo(next);
              }}
            />
          )}
          {step === SIGNUP_STEPS.push && (
            <PushStep onSubscribe={push.subscribe} onSkip={() => goTo(SIGNUP_STEPS.photo)} />
          )}
          {step === SIGNUP_STEPS.push && push.status !== 'capable' && push.status !== 'unknown' && (
            <AutoAdvance to={() => goTo(SIGNUP_STEPS.photo)} />
          )}
          {step === SIGNUP_STEPS.photo && (
            <PhotoStep
              onDone={() => goTo(SIGNUP_STEPS.location)}
              onSkip={() => goTo(SIGNUP_STEPS.location)}
            />
          )}
          {step === SIGNUP_STEPS.location && user && (
            <LocationStep
              settings={settings}
              initial={user.profile}
              onDone={() => goTo(SIGNUP_STEPS.details)}
            />
          )}
          {step === SIGNUP_STEPS.details && user && (
            <DetailsStep profile={user.profile} onDone={() => goTo(SIGNUP_STEPS.about)} />
          )}
          {step === SIGNUP_STEPS.about && user && (
            <AboutStep profile={user.profile} onDone={() => setStep(SIGNUP_STEPS.sending)} />
          )}
          {step === SIGNUP_STEPS.sending && (
            <SendingStep onDone={() => setStep(SIGNUP_STEPS.done)} />
          )}
          {step === SIGNUP_STEPS.done && user && (
            <DoneStep user={user} siteName={settings.name} onFinish={onComplete} />
          )}
        </Suspense>
      </div>
    </div>
  );
}

/** While a step's script loads. */
function StepPlaceholder() {
  return (
    <div className="placeholder-glow" aria-busy="true">
      <span className="placeholder col-12 placeholder-lg rounded" />
    </div>
  );
}

function situationOf(status: PushStatus): PushSituation {
  return {
    supported: status !== 'unsupported',
    denied: status === 'denied',
    subscribed: status === 'subscribed',
  };
}

/** Leaves the push step once push is no longer something to offer (spec section 4). */
function AutoAdvance({ to }: { to: () => void }) {
  useEffect(() => {
    to();
  }, [to]);
  return null;
}
