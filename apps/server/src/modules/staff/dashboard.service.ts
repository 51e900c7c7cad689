import { DASHBOARD_DAYS, type Dashboard } from '@amora/shared/schemas/site-admin';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

const DAY_MS = 86_400_000;
const dayText = (date: Date) => date.toISOString().slice(0, 10);

type Counts = {
  signups: number;
  activations: number;
  messages: number;
  reports: number;
  orders: number;
};

/** Rows of `table` whose `column` falls in [from, to): one index range. */
async function countBetween(
  db: Kysely<Database>,
  table: 'members' | 'messages' | 'reports' | 'orders',
  column: string,
  from: Date,
  to: Date,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.table(table)}
    where ${sql.ref(column)} >= ${from} and ${sql.ref(column)} < ${to}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** One UTC day's counts, read from the tables. */
async function countDay(db: Kysely<Database>, from: Date): Promise<Counts> {
  const to = new Date(from.getTime() + DAY_MS);
  const [signups, activations, messages, reports, orders] = await Promise.all([
    countBetween(db, 'members', 'signup_date', from, to),
    countBetween(db, 'members', 'activated_at', from, to),
    countBetween(db, 'messages', 'created_at', from, to),
    countBetween(db, 'reports', 'created_at', from, to),
    countBetween(db, 'orders', 'paid_at', from, to),
  ]);
  return { signups, activations, messages, reports, orders };
}

/**
 * The closed days' counts: stored ones from `daily_figures`, missing ones counted once and
 * stored (an instance computing the same day at the same time stores nothing twice). A
 * closed day's rows no longer change, except that deleted members drop out of a live count:
 * the stored figure keeps what the day was.
 */
async function closedDays(db: Kysely<Database>, days: string[]): Promise<Map<string, Counts>> {
  const stored = await db
    .selectFrom('daily_figures')
    .select(['day', 'signups', 'activations', 'messages', 'reports', 'orders'])
    .where('day', 'in', days)
    .execute();
  const byDay = new Map(stored.map(({ day, ...counts }) => [String(day), counts]));
  for (const day of days.filter((d) => !byDay.has(d))) {
    const counts = await countDay(db, new Date(`${day}T00:00:00Z`));
    await db
      .insertInto('daily_figures')
      .values({ day, ...counts })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    byDay.set(day, counts);
  }
  return byDay;
}

/**
 * The console's dashboard: signups, activations, messages, reports and paid orders per day
 * for the last week, and the revenue per day and currency. The six closed days come from the
 * stored rollup, today from index ranges of one day; revenue is read live from the week's
 * paid orders, as a refund changes it afterwards (docs/decisions/037). `npm run bench --
 * dashboard` times it at a million members.
 */
export async function dashboardFigures(db: Kysely<Database>, now = new Date()): Promise<Dashboard> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (DASHBOARD_DAYS - 1) * DAY_MS);
  const dayList = Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    dayText(new Date(since.getTime() + i * DAY_MS)),
  );
  const [closed, current, revenue] = await Promise.all([
    closedDays(db, dayList.slice(0, -1)),
    countDay(db, new Date(today)),
    sql<{ day: string; currency: string; amount: number }>`
      select to_char(date_trunc('day', paid_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
             currency, sum(amount - refunded_amount)::int as amount
      from orders
      where paid_at >= ${since}
      group by 1, 2
      order by 1, 2`.execute(db),
  ]);
  const todayText = dayText(new Date(today));
  return {
    days: dayList.map((day) => ({
      day,
      ...(day === todayText ? current : (closed.get(day) ?? current)),
    })),
    revenue: revenue.rows.map((row) => ({ ...row, amount: Number(row.amount) })),
  };
}
