// The server's entry (dist/server.js, and the bundle `npm start` runs): tracing, when asked
// for, must hook fastify, pg and undici before any of them loads, and static imports would
// load them all before a line of this ran; so the server itself is imported only after.
import { startTelemetry } from './telemetry.js';

await startTelemetry();
await import('./serve.js');
