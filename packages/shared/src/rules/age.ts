import { MIN_AGE } from '../constants.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses YYYY-MM-DD as a real calendar date with no zero parts, or returns null. */
export function parseCalendarDate(
  value: string,
): { year: number; month: number; day: number } | null {
  const m = DATE.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year === 0 || month === 0 || day === 0) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return { year, month, day };
}

/** Whole years between a date of birth and `today` (calendar arithmetic, no time zones). */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number | null {
  const dob = parseCalendarDate(dateOfBirth);
  if (!dob) return null;
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + 1;
  const d = today.getUTCDate();
  const hadBirthday = m > dob.month || (m === dob.month && d >= dob.day);
  return y - dob.year - (hadBirthday ? 0 : 1);
}

/** The signup rule: a real date and at least MIN_AGE years old. */
export function isAdultDateOfBirth(dateOfBirth: string, today: Date = new Date()): boolean {
  const age = ageOn(dateOfBirth, today);
  return age !== null && age >= MIN_AGE && age <= 130;
}
