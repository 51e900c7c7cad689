/** The installed app's icon badge (Badging API, where the browser has it). */
export function setAppBadge(count: number) {
  const nav = navigator as Navigator & {
    setAppBadge?: (count?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  if (!nav.setAppBadge) return;
  const done = count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge?.();
  void done?.catch(() => {});
}
