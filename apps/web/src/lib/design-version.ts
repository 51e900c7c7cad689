/**
 * The template's design versions: each is a class on <html> (`design-classic`, …) that the
 * theme's custom properties follow (styles/theme.scss). Remembered in local storage
 * `amora.design`; the developer panel switches it.
 */
export const DESIGN_VERSIONS = ['classic', 'classic-compact'] as const;
export type DesignVersion = (typeof DESIGN_VERSIONS)[number];

const KEY = 'amora.design';

const isDesignVersion = (value: unknown): value is DesignVersion =>
  DESIGN_VERSIONS.includes(value as DesignVersion);

export function readDesignVersion(): DesignVersion {
  try {
    const stored = localStorage.getItem(KEY);
    return isDesignVersion(stored) ? stored : 'classic';
  } catch {
    return 'classic';
  }
}

/** Puts the version's class on <html>, replacing any other version's. */
export function applyDesignVersion(version: DesignVersion = readDesignVersion()) {
  const root = document.documentElement.classList;
  for (const other of DESIGN_VERSIONS) root.toggle(`design-${other}`, other === version);
}

export function setDesignVersion(version: DesignVersion) {
  try {
    localStorage.setItem(KEY, version);
  } catch {
    // Storage refused: the version holds until the page is reloaded.
  }
  applyDesignVersion(version);
}
