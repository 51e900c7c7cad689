import { APP_PACKAGE } from '@amora/shared/constants';

/** Public build-time configuration, read once. */
export const appConfig = {
  appPackage: APP_PACKAGE,
  /** Changes with every build; used to bust cached locale files. */
  buildId: import.meta.env.VITE_BUILD_ID ?? 'dev',
} as const;
