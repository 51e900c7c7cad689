/** Timing of the session cycle (spec sections 4 and 9). */
export const SESSION_TIMING = {
  /** User, chats and likes refresh this often… */
  refreshIntervalMs: 60_000,
  /** …or this often while a push subscription is active (pushes carry the news). */
  refreshIntervalWithPushMs: 300_000,
  /** Chats and likes start this long after the user refresh starts. */
  chatsAndLikesDelayMs: 1_000,
  /** The logging-out flag stays on this long after the user is cleared. */
  loggingOutFlagMs: 1_000,
} as const;

export const refreshInterval = (pushActive: boolean) =>
  pushActive ? SESSION_TIMING.refreshIntervalWithPushMs : SESSION_TIMING.refreshIntervalMs;

/** Toasts (spec sections 4 and 9). */
export const TOAST = {
  autoCloseMs: 5_000,
  position: 'top-right',
  progressHeightPx: 4,
  maxWidthPx: 350,
} as const;
