import { createServer, type Server } from 'node:http';
import { metricsRegistry } from './metrics.js';

/**
 * Serves GET /metrics in Prometheus text format on a port of its own (`METRICS_PORT`, bound
 * to `METRICS_HOST`): the public port never answers it, and a firewall need only keep this
 * one private. Resolves once listening; `port: 0` takes a free one (tests).
 */
export async function startMetricsListener(options: {
  port: number;
  host: string;
}): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
