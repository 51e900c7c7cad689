// The least any Node HTTP API can cost: `node:http` answering a small JSON object, no
// framework, no database. api.bench.mjs measures it beside the app, in the same run.
import { createServer } from 'node:http';

const body = JSON.stringify({ ok: true, user: { id: 1, name: 'bare' } });
const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
