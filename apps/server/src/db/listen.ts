import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Unlisten = () => Promise<void>;
/** Subscribes to a PostgreSQL NOTIFY channel; every app instance hears every notification. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<Unlisten>;

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Bad NOTIFY channel name ${channel}`);
}

/** PGlite: its one connection hears its own notifications (there is only this instance). */
export function pgliteListen(client: PGlite): Listen {
  return async (channel, onPayload) => {
    checkChannel(channel);
    const unsubscribe = await client.listen(channel, onPayload);
    return () => unsubscribe();
  };
}

/**
 * PostgreSQL: one dedicated connection per listener (a pooled one would be handed to other
 * queries). A lost connection is re-opened with back-off and LISTEN is issued again;
 * notifications sent while it was down are lost, which the clients' polling covers.
 */
export function postgresListen(
  connectionString: string,
  onError: (error: unknown) => void = () => {},
): Listen {
  return async (channel, onPayload) => {
    checkChannel(channel);
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | null = null;
    let attempt = 0;

    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined)
          onPayload(message.payload);
      });
      next.on('error', (error) => {
        onError(error);
        reconnect();
      });
      next.on('end', () => reconnect());
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      client = next;
      attempt = 0;
    };

    const reconnect = () => {
      if (stopped || retry) return;
      const old = client;
      client = null;
      old?.removeAllListeners('end');
      void old?.end().catch(() => {});
      const delay = Math.min(30_000, 250 * 2 ** attempt);
      attempt += 1;
      retry = setTimeout(() => {
        retry = null;
        connect().catch((error) => {
          onError(error);
          reconnect();
        });
      }, delay);
    };

    await connect();
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      last?.removeAllListeners('end');
      await last?.end().catch(() => {});
    };
  };
}
