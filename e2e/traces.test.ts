import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type RunningServer, startServer } from './support/server.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

interface OtlpSpan {
  traceId: string;
  name: string;
  attributes?: Array<{ key: string; value: Record<string, unknown> }>;
}
interface OtlpExport {
  resourceSpans: Array<{ scopeSpans: Array<{ scope: { name: string }; spans: OtlpSpan[] }> }>;
}

/** A collector's OTLP/HTTP traces endpoint (JSON, as the exporter sends it): keeps the spans. */
async function otlpReceiver() {
  const spans: Array<OtlpSpan & { scope: string }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const exported = JSON.parse(body) as OtlpExport;
        for (const r of exported.resourceSpans)
          for (const s of r.scopeSpans)
            for (const span of s.spans) spans.push({ ...span, scope: s.scope.name });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, server };
}

/**
 * Issue 47: the built server, as docs/deploy.md runs it, with OTEL_EXPORTER_OTLP_ENDPOINT
 * sends a request's trace with its database spans, names the trace in its request log, and
 * serves its metrics on METRICS_PORT only.
 */
describe.skipIf(!postgresUrl)('traces and metrics of the built server on PostgreSQL', () => {
  const name = `amora_e2e_traces_${process.pid}_${Date.now()}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'amora-e2e-traces-'));
  let admin: pg.Client;
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
  let server: RunningServer;
  let metricsPort: number;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    receiver = await otlpReceiver();
    metricsPort = await freePort();
    server = await startServer({
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      SEED_MEMBERS: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
      METRICS_PORT: String(metricsPort),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((done) => receiver?.server.close(done));
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exports one request as a trace with its database spans, named in the log line', async () => {
    const res = await fetch(`${server.url}/api/profile.php?id=1`);
    expect(res.status).toBeLessThan(500);
    const deadline = Date.now() + 10_000;
    const routeSpan = () =>
      receiver.spans.find((s) =>
        s.attributes?.some(
          (a) => a.key === 'http.route' && a.value.stringValue === '/api/profile.php',
        ),
      );
    let trace: string | undefined;
    while (Date.now() < deadline) {
      trace = routeSpan()?.traceId;
      if (trace && receiver.spans.some((s) => s.traceId === trace && /pg/.test(s.scope))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(trace).toBeTruthy();
    const ofTrace = receiver.spans.filter((s) => s.traceId === trace);
    expect(ofTrace.some((s) => s.scope.includes('fastify'))).toBe(true);
    expect(ofTrace.some((s) => s.scope.includes('pg'))).toBe(true);
    // The log line is written when the answer has gone: it may reach the pipe a moment later.
    await expect.poll(() => server.output()).toContain(`"traceId":"${trace}"`);
  });

  it('serves the metrics on METRICS_PORT, not on the public port', async () => {
    const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(text).toContain('amora_http_request_duration_seconds_count{route="/api/profile.php"');
    expect(text).toContain('amora_db_pool_in_use');
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
  });
});
