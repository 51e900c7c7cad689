/**
 * Logged-in members are prompted in turn (spec section 1): push, a profile photo, the
 * location, personal details and an about-me text, each until done or dismissed, never
 * more than one at a time.
 */
export const MEMBER_PROMPTS = ['push', 'photo', 'location', 'details', 'about'] as const;
export type MemberPrompt = (typeof MEMBER_PROMPTS)[number];

export interface PromptState {
  /** Push is supported, not denied, not yet subscribed, and the site has a public key. */
  pushOffered: boolean;
  hasPhoto: boolean;
  hasLocation: boolean;
  /** Gender and date of birth are set. */
  hasDetails: boolean;
  /** The personal about-me note is written. */
  hasAbout: boolean;
}

const DONE: Record<MemberPrompt, (state: PromptState) => boolean> = {
  push: (s) => !s.pushOffered,
  photo: (s) => s.hasPhoto,
  location: (s) => s.hasLocation,
  details: (s) => s.hasDetails,
  about: (s) => s.hasAbout,
};

/** The one prompt to show now, or null when everything is done or dismissed. */
export function nextMemberPrompt(
  state: PromptState,
  dismissed: ReadonlySet<MemberPrompt>,
): MemberPrompt | null {
  return MEMBER_PROMPTS.find((prompt) => !dismissed.has(prompt) && !DONE[prompt](state)) ?? null;
}
