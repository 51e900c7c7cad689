import type { PGlite } from '@electric-sql/pglite';

/** Ends a subscription; `caughtUp` resolves once everything committed before it was heard. */
export interface Unlisten {
  (): Promise<void>;
  /**
   * Resolves once every notification committed before the call has been handed to
   * `onPayload` (or the subscription is down, which `onDown` told). The member cache waits
   * for it after each write, so the writing request answers after its own instance forgot
   * what the write changed (docs/decisions/042).
   */
  caughtUp(): Promise<void>;
}
/** For subscribers that keep state the notifications keep right (caches). */
export interface ListenEvents {
  /** Listening (again): notifications sent while down, if any, were lost. */
  onUp?: () => void;
  /** The connection was lost: notifications are lost until `onUp`. */
  onDown?: () => void;
}
/** Subscribes to a PostgreSQL NOTIFY channel; every app instance hears every notification. */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  events?: ListenEvents,
) => Promise<Unlisten>;

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function checkChannel(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Bad NOTIFY channel name ${channel}`);
}

/**
 * PGlite: its one connection hears its own notifications (there is only this instance), and
 * hands them to the listeners before the query that committed them resolves: caught up at
 * every moment, never down.
 */
export function pgliteListen(client: PGlite): Listen {
  return async (channel, onPayload, events = {}) => {
    checkChannel(channel);
    const unsubscribe = await client.listen(channel, onPayload);
    events.onUp?.();
    return Object.assign(() => unsubscribe(), { caughtUp: async () => {} });
  };
}
