import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import { restoreSnapshot, takeSnapshot } from './db/snapshot.js';
import { dropCachedSettings } from './modules/site/site.repository.js';

interface ResetRequest {
  type: 'reset';
  id: number;
}

const isResetRequest = (message: unknown): message is ResetRequest =>
  typeof message === 'object' &&
  message !== null &&
  (message as ResetRequest).type === 'reset' &&
  typeof (message as ResetRequest).id === 'number';

/**
 * TEST_DATA_RESET=ipc (decision 023): the harness that spawned this server with an IPC
 * channel asks `{ type: 'reset', id }` and is answered `{ type: 'reset-done', id }` once the
 * data is back as it was when this function ran. Only a parent process can send these: no
 * address, port or request reaches it. The server stops when that parent goes away.
 */
export async function serveDataResets(db: Kysely<Database>, log: FastifyBaseLogger) {
  const send = process.send?.bind(process);
  if (!send) throw new Error('TEST_DATA_RESET=ipc needs an IPC channel from the parent process');
  await takeSnapshot(db);
  process.on('message', (message) => {
    if (!isResetRequest(message)) return;
    const started = performance.now();
    restoreSnapshot(db).then(
      () => {
        // The restored settings are read again, not served from before the reset.
        dropCachedSettings(db);
        log.info({ ms: Math.round(performance.now() - started) }, 'data reset to the snapshot');
        send({ type: 'reset-done', id: message.id });
      },
      (error: unknown) => {
        log.error({ err: error }, 'data reset failed');
        send({ type: 'reset-failed', id: message.id, message: String(error) });
      },
    );
  });
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
