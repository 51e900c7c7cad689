/** The signup flow of spec sections 2, 4 and 9: steps 0 to 7 and when to skip. */
export const SIGNUP_STEPS = {
  account: 0,
  push: 1,
  photo: 2,
  location: 3,
  details: 4,
  about: 5,
  sending: 6,
  done: 7,
} as const;
export type SignupStep = (typeof SIGNUP_STEPS)[keyof typeof SIGNUP_STEPS];

/** Progress bar value: step divided by 6. */
export const signupProgress = (step: number) => Math.min(1, step / 6);

export const EMAIL_CHECK_DEBOUNCE_MS = 500;
/** The activation-mail progress: polls every 900 ms for 20 ticks; its text changes at 4, 7 and 10. */
export const ACTIVATION_POLL = { intervalMs: 900, ticks: 20, textChangesAt: [4, 7, 10] } as const;

/** The text stage (0 to 3) of the activation progress at a tick. */
export const activationStage = (tick: number) =>
  ACTIVATION_POLL.textChangesAt.filter((at) => tick >= at).length;

export interface PushSituation {
  /** The browser can do push and the site has a public key. */
  supported: boolean;
  denied: boolean;
  /** The browser already holds a subscription for this site. */
  subscribed: boolean;
}

/** Where step 0 leads: push opt-in, or straight to location when push is done or impossible. */
export function stepAfterAccount(push: PushSituation): SignupStep {
  if (!push.supported || push.denied || push.subscribed) return SIGNUP_STEPS.location;
  return SIGNUP_STEPS.push;
}

/** A logged-in visitor entering the form starts at 1, or 2 without push, or 3 with a main photo. */
export function entryStepForMember(
  member: { hasMainImage: boolean },
  push: PushSituation,
): SignupStep {
  if (member.hasMainImage) return SIGNUP_STEPS.location;
  if (!push.supported || push.denied || push.subscribed) return SIGNUP_STEPS.photo;
  return SIGNUP_STEPS.push;
}

export interface SignupProfileState {
  countryregion: string | null;
  city: string | null;
  gender: string | null;
  date_of_birth: string | null;
  personalNote: string | null;
}

/**
 * With auto-skip, the step to continue at: 4 when region or city is set, 5 when gender or
 * date of birth is set, 6 when the personal note is set (later rules win).
 */
export function autoSkipStep(step: SignupStep, profile: SignupProfileState): SignupStep {
  let next: SignupStep = step;
  if (next <= SIGNUP_STEPS.location && (profile.countryregion || profile.city))
    next = SIGNUP_STEPS.details;
  if (next <= SIGNUP_STEPS.details && (profile.gender || profile.date_of_birth))
    next = SIGNUP_STEPS.about;
  if (next <= SIGNUP_STEPS.about && profile.personalNote) next = SIGNUP_STEPS.sending;
  return next;
}
