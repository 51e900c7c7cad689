import pg from 'pg';
import { checkChannel, type Listen } from './listen.js';

/** The longest wait between two attempts to listen again. */
export const MAX_RETRY_MS = 5_000;

/**
 * PostgreSQL: one dedicated connection per listener (a pooled one would be handed to other
 * queries). A lost connection is re-opened with back-off and LISTEN is issued again;
 * notifications sent while it was down are lost, which the clients' polling covers.
 */
export function postgresListen(
  connectionString: string,
  onError: (error: unknown) => void = () => {},
): Listen {
  return async (channel, onPayload, events = {}) => {
    checkChannel(channel);
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | null = null;
    let attempt = 0;

    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString });
      // Only the connection in use may start a reconnect: a failed attempt's late 'end'
      // would otherwise open a second one, and every notification would arrive twice.
      const lost = () => {
        if (client === next) reconnect();
      };
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined)
          onPayload(message.payload);
      });
      next.on('error', (error) => {
        onError(error);
        lost();
      });
      next.on('end', lost);
      try {
        await next.connect();
        await next.query(`LISTEN ${channel}`);
      } catch (error) {
        next.removeAllListeners('end');
        void next.end().catch(() => {});
        throw error;
      }
      if (stopped) {
        void next.end().catch(() => {});
        return;
      }
      client = next;
      attempt = 0;
      events.onUp?.();
    };

    const reconnect = () => {
      if (stopped || retry) return;
      const old = client;
      client = null;
      if (old) events.onDown?.();
      old?.removeAllListeners('end');
      void old?.end().catch(() => {});
      // Capped low: a database restart takes seconds, and until LISTEN is issued again no
      // instance hears another's live events.
      const delay = Math.min(MAX_RETRY_MS, 250 * 2 ** attempt);
      attempt += 1;
      retry = setTimeout(() => {
        retry = null;
        connect().catch((error) => {
          onError(error);
          reconnect();
        });
      }, delay);
    };

    // The listening session's own NOTIFY commits after every write that committed before the
    // call, and PostgreSQL delivers a session's own notifications (and all queued before
    // them) before the statement answers: when it resolves, `onPayload` has seen them all.
    // One in flight at a time; callers arriving meanwhile share the next one.
    let inFlight: Promise<void> | null = null;
    let next: Promise<void> | null = null;
    const sync = async (): Promise<void> => {
      const current = client;
      if (!current) return;
      await current.query('select pg_notify($1, $2)', [channel, '']).then(
        () => {},
        () => {},
      );
    };
    const caughtUp = (): Promise<void> => {
      if (!inFlight) {
        inFlight = sync().finally(() => {
          inFlight = null;
        });
        return inFlight;
      }
      next ??= inFlight.then(() => {
        next = null;
        return caughtUp();
      });
      return next;
    };

    await connect();
    const unlisten = async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      last?.removeAllListeners('end');
      await last?.end().catch(() => {});
    };
    return Object.assign(unlisten, { caughtUp });
  };
}
