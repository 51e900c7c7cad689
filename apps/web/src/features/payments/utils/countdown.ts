const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The time left as a clock ("2:59:08", "4:05"), and whole days apart (a day or more
 * left): the caller words the days in the interface language.
 */
export function countdownParts(seconds: number): { days: number; clock: string } {
  const left = Math.max(0, Math.floor(seconds));
  const days = Math.floor(left / 86_400);
  const hours = Math.floor((left % 86_400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const secs = left % 60;
  const clock =
    days > 0 || hours > 0 ? `${hours}:${pad(minutes)}:${pad(secs)}` : `${minutes}:${pad(secs)}`;
  return { days, clock };
}
