/**
 * The "classic" template configuration (spec section 1): feature groups and their
 * toggles. Screens read toggles from here instead of deciding for themselves.
 */
export interface TemplateConfig {
  name: 'classic';
  navigation: { showCounts: boolean; bottomTabsOnPhones: boolean };
  ui: { colorModeFollowsSystem: boolean; reducedMotionRespected: boolean };
  signup: { embedOnHome: boolean; autoSkipCompletedSteps: boolean };
  profileSearch: { searchAllCountries: boolean; autoLoad: boolean };
  profileSearchProfile: { showStartConversationButton: boolean; showLanguageBadge: boolean };
  memberDetails: { showCity: boolean };
  chat: { showTopBar: boolean; showEmojiButton: boolean };
  myProfile: { showInterests: boolean };
  notifications: { hideHeader: boolean };
  footer: { showCopyright: boolean; showCompanyInfo: boolean };
}

export const CLASSIC_TEMPLATE: TemplateConfig = {
  name: 'classic',
  navigation: { showCounts: true, bottomTabsOnPhones: true },
  ui: { colorModeFollowsSystem: true, reducedMotionRespected: true },
  signup: { embedOnHome: true, autoSkipCompletedSteps: true },
  profileSearch: { searchAllCountries: false, autoLoad: true },
  profileSearchProfile: { showStartConversationButton: true, showLanguageBadge: true },
  memberDetails: { showCity: true },
  chat: { showTopBar: true, showEmojiButton: true },
  myProfile: { showInterests: true },
  notifications: { hideHeader: true },
  footer: { showCopyright: true, showCompanyInfo: true },
};
