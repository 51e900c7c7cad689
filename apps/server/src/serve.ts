import { performance } from 'node:perf_hooks';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app.js';
import { ConfigError, parseConfig } from './config/config.js';
import { openDatabase } from './db/database.js';
import { startMetricsListener } from './lib/metrics-listener.js';
import { requestLogOptions } from './lib/request-log.js';
import { startAppJobWorker } from './modules/jobs/job-kinds.js';
import {
  createMediaStores,
  MediaStoreUnusableError,
  probeMediaStores,
} from './modules/media/media-stores.js';
import { startReconciliation } from './modules/payments/reconciliation.js';
import { SecretsUnreadableError } from './modules/site/secrets.js';
import { prepareData, pruneExpiredRecords, StartupError } from './startup.js';
import { serveDataResets } from './test-harness.js';

/** Milliseconds since the process started: where a start's seconds go (bench/start.bench.mjs). */
const phases: Record<string, number> = {};
let phaseEnd = 0;
function phase(name: string): void {
  const now = Math.round(performance.now());
  phases[name] = now - phaseEnd;
  phaseEnd = now;
}

async function main() {
  // React (the visitor pages' rendering, loaded on the first one) and the other packages
  // that look at it take their production builds: React's development build, with its
  // checks, took twice the time per page. A developer who wants them sets it.
  process.env.NODE_ENV ??= 'production';
  // Everything before this line: node itself and loading the server's modules.
  phase('import');
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel, ...requestLogOptions });
  logger.info({ mode: config.mode, why: config.modeReason }, `${config.mode} mode`);
  for (const warning of config.warnings) logger.warn(warning);
  // A wrong bucket, key or endpoint stops the start here, before anything is migrated.
  const media = await createMediaStores(config);
  try {
    await probeMediaStores(media, config);
  } catch (error) {
    if (error instanceof MediaStoreUnusableError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  logger.info({ store: config.media.kind }, 'media store ready');
  const handle = await openDatabase(config);
  logger.info({ database: handle.kind }, 'database open');
  phase('openDatabase');
  let demoEmail: string | null;
  let adminEmail: string | null;
  try {
    ({ demoEmail, adminEmail } = await prepareData(handle, config, media, logger));
  } catch (error) {
    if (error instanceof StartupError || error instanceof SecretsUnreadableError) {
      await handle.close();
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  phase('prepareData');
  const app = await buildApp({
    config,
    db: handle.db,
    dbKind: handle.kind,
    listen: handle.listen,
    media,
    logger,
  });
  if (config.testDataReset === 'ipc') await serveDataResets(handle.db, logger);
  // Every instance works the outbox (mail now, push later); see docs/decisions/007.
  const outboxWorker = startAppJobWorker(app);
  // Every instance re-checks pending orders too; they claim different ones (decision 030).
  const reconciliation = startReconciliation(app.db, {
    provider: app.paymentProvider,
    mode: config.mode,
    log: app.log.child({ module: 'reconciliation' }),
  });
  // The limits' tables grow with every attempt, closed reports age: what no rule needs goes hourly.
  const pruning = setInterval(() => {
    pruneExpiredRecords(handle.db, media).catch((err: unknown) =>
      logger.warn({ err }, 'pruning expired records failed'),
    );
  }, 3_600_000);
  pruning.unref();

  const metrics = config.metrics && (await startMetricsListener(config.metrics));
  if (config.metrics) logger.info(config.metrics, 'metrics listening');

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'shutting down after an error');
    else logger.info({ signal }, 'shutting down');
    clearInterval(pruning);
    await outboxWorker.stop();
    await reconciliation.stop();
    await app.close();
    if (metrics) await new Promise((done) => metrics.close(done));
    await handle.close();
  });

  phase('buildApp');
  await app.listen({ port: config.port, host: config.host });
  phase('listen');
  // CPU time beside the phases: on a shared machine the wall-clock phases grow with its load.
  const cpu = process.cpuUsage();
  logger.info({ phases, cpuMs: Math.round((cpu.user + cpu.system) / 1000) }, 'started');
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  logger.info({ url }, 'listening');
  // A plain banner for the person who ran `npm start`, beside the JSON log lines.
  process.stdout.write(
    `\nAmora is running at ${url} in ${config.mode} mode (${config.modeReason})\n`,
  );
  if (demoEmail) process.stdout.write(`Demo login: ${demoEmail} / ${config.demoPassword}\n`);
  if (adminEmail) {
    process.stdout.write(
      `Staff console: ${config.publicUrl}/admin as ${adminEmail} / ${config.demoPassword}\n`,
    );
  }
  if (config.mode === 'demo')
    for (const warning of config.warnings) process.stdout.write(boxed(warning));
  process.stdout.write('\n');
}

/** A warning nobody scrolling past the log can miss. */
function boxed(text: string): string {
  const lines = text.match(/.{1,72}(\s|$)/g)?.map((l) => l.trim()) ?? [text];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '!'.repeat(width + 4);
  return `\n${bar}\n${lines.map((l) => `! ${l.padEnd(width)} !`).join('\n')}\n${bar}\n`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
