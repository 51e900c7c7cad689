import { DASHBOARD_DAYS, type Dashboard } from '@amora/shared/schemas/site-admin';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

const DAY_MS = 86_400_000;
const dayText = (date: Date) => date.toISOString().slice(0, 10);

/** Per UTC day since `since`, the rows of `table` whose `column` falls in it (an index range). */
async function countPerDay(
  db: Kysely<Database>,
  table: 'members' | 'messages' | 'reports' | 'orders',
  column: string,
  since: Date,
): Promise<Map<string, number>> {
  const { rows } = await sql<{ day: string; n: number }>`
    select to_char(date_trunc('day', ${sql.ref(column)} at time zone 'UTC'), 'YYYY-MM-DD') as day,
           count(*)::int as n
    from ${sql.table(table)}
    where ${sql.ref(column)} >= ${since}
    group by 1`.execute(db);
  return new Map(rows.map((row) => [row.day, Number(row.n)]));
}

/**
 * The console's dashboard: signups, activations, messages, reports and paid orders per day
 * for the last week, and the revenue per day and currency. Each figure is one query over an
 * index range of the week (docs/decisions/037); `npm run bench -- dashboard` times them at a
 * million members.
 */
export async function dashboardFigures(db: Kysely<Database>, now = new Date()): Promise<Dashboard> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (DASHBOARD_DAYS - 1) * DAY_MS);
  const [signups, activations, messages, reports, orders, revenue] = await Promise.all([
    countPerDay(db, 'members', 'signup_date', since),
    countPerDay(db, 'members', 'activated_at', since),
    countPerDay(db, 'messages', 'created_at', since),
    countPerDay(db, 'reports', 'created_at', since),
    countPerDay(db, 'orders', 'paid_at', since),
    sql<{ day: string; currency: string; amount: number }>`
      select to_char(date_trunc('day', paid_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
             currency, sum(amount - refunded_amount)::int as amount
      from orders
      where paid_at >= ${since}
      group by 1, 2
      order by 1, 2`.execute(db),
  ]);
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const day = dayText(new Date(since.getTime() + i * DAY_MS));
    return {
      day,
      signups: signups.get(day) ?? 0,
      activations: activations.get(day) ?? 0,
      messages: messages.get(day) ?? 0,
      reports: reports.get(day) ?? 0,
      orders: orders.get(day) ?? 0,
    };
  });
  return {
    days,
    revenue: revenue.rows.map((row) => ({ ...row, amount: Number(row.amount) })),
  };
}
