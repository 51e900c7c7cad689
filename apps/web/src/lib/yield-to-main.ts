interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and goes on in a new one, so a tap or a frame waiting in between
 * is served first. `scheduler.yield()` (Chromium 129 and later) goes on ahead of other
 * queued work; elsewhere a zero timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
