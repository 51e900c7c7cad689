/** Countries with several languages, where the badge always shows (spec section 2). */
const MULTILINGUAL_COUNTRIES = ['CA', 'BE', 'CH'];

/** The search card's language badge: the member's language differs from the interface's, or their country has several. */
export function showsLanguageBadge(
  profile: { language: string; country: string | null },
  interfaceLocale: string,
): boolean {
  return (
    profile.language !== interfaceLocale || MULTILINGUAL_COUNTRIES.includes(profile.country ?? '')
  );
}
