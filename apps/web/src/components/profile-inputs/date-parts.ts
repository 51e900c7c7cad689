/** A date of birth as three selects hold it, and the ISO date the shared rule checks. */
const pad = (n: number) => String(n).padStart(2, '0');

/** Day, month and year as chosen; any part may still be empty. */
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export const datePartsOf = (date: string | null | undefined): DateParts => {
  const [year, month, day] = date?.split('-').map(Number) ?? [];
  return {
    day: day ? String(day) : '',
    month: month ? String(month) : '',
    year: year ? String(year) : '',
  };
};

/** `YYYY-MM-DD`, or '' while a part is missing (the shared rule then refuses it). */
export const isoDateOf = ({ day, month, year }: DateParts) =>
  year && month && day ? `${year}-${pad(Number(month))}-${pad(Number(day))}` : '';
