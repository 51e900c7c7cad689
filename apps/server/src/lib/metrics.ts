import client from 'prom-client';

/**
 * The server's Prometheus series (docs/decisions/060). One registry per process: every
 * series is defined once here, and what is read on a scrape (open live connections, jobs
 * waiting, the pool) comes from the sources each app or database registers while it runs,
 * so tests that build several apps in one process do not clash over series names.
 *
 * No label ever carries member data: a route is its pattern (`/api/users/:id`), never its
 * path; every other label is a fixed word (method, status, kind, outcome).
 */
export const metricsRegistry = new client.Registry();
// The standard names (process_*, nodejs_*) every Node dashboard already reads.
client.collectDefaultMetrics({ register: metricsRegistry });

export const requestDuration = new client.Histogram({
  name: 'amora_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const liveLag = new client.Histogram({
  name: 'amora_live_lag_seconds',
  help: 'Time from a live notice being sent (NOTIFY) to its arrival at an instance',
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

export const loginFailures = new client.Counter({
  name: 'amora_login_failures_total',
  help: 'Member logins refused for a wrong e-mail or password',
  registers: [metricsRegistry],
});

export const paymentEvents = new client.Counter({
  name: 'amora_payment_events_total',
  help: 'Payment provider reports applied, by outcome',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const photoScreeningDuration = new client.Histogram({
  name: 'amora_photo_screening_duration_seconds',
  help: 'Time to screen one uploaded photo',
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

/** Something read when Prometheus scrapes; returns null when it has nothing to say. */
type Source<T> = () => T | Promise<T>;

function sourceSet<T>() {
  const sources = new Set<Source<T>>();
  return {
    sources,
    /** Adds a source; the returned function removes it (on close). */
    add(source: Source<T>): () => void {
      sources.add(source);
      return () => sources.delete(source);
    },
  };
}

export const liveConnectionSources = sourceSet<number>();
export const poolSources = sourceSet<{ inUse: number; waiting: number }>();
export const jobSources =
  sourceSet<Array<{ kind: string; waiting: number; oldestSeconds: number }>>();

new client.Gauge({
  name: 'amora_live_connections',
  help: 'Open live (WebSocket) connections on this instance',
  registers: [metricsRegistry],
  async collect() {
    let n = 0;
    for (const source of liveConnectionSources.sources) n += await source();
    this.set(n);
  },
});

// A scrape collects the series at once, in no set order: each reads its own source.
async function poolTotals() {
  let inUse = 0;
  let waiting = 0;
  for (const source of poolSources.sources) {
    const s = await source();
    inUse += s.inUse;
    waiting += s.waiting;
  }
  return { inUse, waiting };
}
new client.Gauge({
  name: 'amora_db_pool_in_use',
  help: 'PostgreSQL pool connections handed out to queries',
  registers: [metricsRegistry],
  async collect() {
    this.set((await poolTotals()).inUse);
  },
});
new client.Gauge({
  name: 'amora_db_pool_waiting',
  help: 'Queries waiting for a PostgreSQL pool connection',
  registers: [metricsRegistry],
  async collect() {
    this.set((await poolTotals()).waiting);
  },
});

async function jobRows() {
  const rows: Array<{ kind: string; waiting: number; oldestSeconds: number }> = [];
  for (const source of jobSources.sources) rows.push(...(await source()));
  return rows;
}
new client.Gauge({
  name: 'amora_jobs_waiting',
  help: 'Due jobs not yet done, by kind',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
  async collect() {
    const rows = await jobRows();
    this.reset();
    for (const row of rows) this.inc({ kind: row.kind }, row.waiting);
  },
});
new client.Gauge({
  name: 'amora_jobs_oldest_age_seconds',
  help: 'Age of the oldest due job not yet done, by kind',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
  async collect() {
    const rows = await jobRows();
    this.reset();
    // Several apps in one process (tests) may report a kind each: the oldest wins.
    const oldest = new Map<string, number>();
    for (const row of rows)
      oldest.set(row.kind, Math.max(oldest.get(row.kind) ?? 0, row.oldestSeconds));
    for (const [kind, seconds] of oldest) this.set({ kind }, seconds);
  },
});

/** Every series name the server exports (the dashboard test checks against it). */
export async function seriesNames(): Promise<string[]> {
  return (await metricsRegistry.getMetricsAsJSON()).map((m) => m.name);
}
