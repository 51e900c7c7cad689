/**
 * OpenTelemetry tracing (docs/decisions/060), loaded only when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set: without it nothing of the SDK loads (the SDK's release line wants Node ≥ 22.15;
 * a start on an older Node without the variable must not touch it). The standard OTEL_*
 * variables (service name, headers, sampler) are read by the SDK itself.
 */
export async function startTelemetry(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  // A malformed value is left to the configuration check, which names it and stops the start.
  if (!endpoint || !URL.canParse(endpoint)) return;
  // pg and fastify are imported as ES modules: their exports are only patched through the
  // loader hook, registered before they load.
  const { register } = await import('node:module');
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [{ NodeSDK }, { OTLPTraceExporter }, { FastifyOtelInstrumentation }, pg, undici] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@fastify/otel'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-undici'),
    ]);
  env.OTEL_SERVICE_NAME ??= 'amora';
  const sdk = new NodeSDK({
    // JSON over HTTP to `${endpoint}/v1/traces`, what every collector accepts.
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      new pg.PgInstrumentation(),
      new undici.UndiciInstrumentation(),
    ],
  });
  sdk.start();
  // Spans still buffered go out before the process ends (close-with-grace exits after).
  process.once('beforeExit', () => void sdk.shutdown());
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => void sdk.shutdown().catch(() => {}));
}
