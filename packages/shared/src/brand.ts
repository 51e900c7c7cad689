/**
 * The brand's colours, defined once: the app's theme (Sass gets them from the build), the
 * page's theme-color, the manifest, the icons, the mails and the dev mailbox.
 */
export const BRAND = {
  /** Warm rose: 5.4:1 on the page background, and white text on it 5.7:1 (WCAG AA). */
  color: '#c2255c',
  /** Links on white in mails, a shade deeper than the rose. */
  dark: '#a61e4d',
  /** The page background, and the installed app's splash screen. */
  background: '#fbf8f9',
} as const;
