import type { LiveEvent } from '@amora/shared/schemas/live';
import type { FastifyBaseLogger } from 'fastify';
import type { Listen, Unlisten } from '../../db/listen.js';
import { liveLag } from '../../lib/metrics.js';
import { LIVE_CHANNEL, type LiveNotice } from './live-notify.js';

/** The part of a WebSocket the hub uses. */
export interface LiveSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** What a socket's owner hears besides the browser: each event sent, or `circle` changed. */
export type LiveHeard = (event: LiveEvent | 'circle') => void;

interface Connection {
  memberId: number;
  sessionId: string;
  socket: LiveSocket;
  heard: LiveHeard | undefined;
}

const RESYNC = JSON.stringify({ type: 'resync' } satisfies LiveEvent);

/** Close code for a session that ended: the app must not reconnect with it. */
export const SESSION_ENDED_CODE = 4401;

/**
 * This instance's open live channels, fed by NOTIFY from every instance: a notice for some
 * members goes to each of their sockets here, and a socket whose session ended is closed.
 */
export class LiveHub {
  private readonly byMember = new Map<number, Set<Connection>>();
  private readonly bySession = new Map<string, Set<Connection>>();
  private unlisten: Unlisten | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  async start(listen: Listen): Promise<void> {
    let listened = false;
    this.unlisten = await listen(LIVE_CHANNEL, (payload) => this.deliver(payload), {
      // Listening again after a lost connection (a database restart): whatever was
      // notified meanwhile never reached these sockets, so each tab fetches what it shows.
      onUp: () => {
        if (listened) this.broadcast(RESYNC);
        listened = true;
      },
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
    for (const set of this.byMember.values()) {
      for (const connection of set) connection.socket.close(1001, 'server shutting down');
    }
    this.byMember.clear();
    this.bySession.clear();
  }

  /** Registers a socket; answers the function that removes it again. */
  add(memberId: number, sessionId: string, socket: LiveSocket, heard?: LiveHeard): () => void {
    const connection: Connection = { memberId, sessionId, socket, heard };
    const forMember = this.byMember.get(memberId) ?? new Set();
    forMember.add(connection);
    this.byMember.set(memberId, forMember);
    const forSession = this.bySession.get(sessionId) ?? new Set();
    forSession.add(connection);
    this.bySession.set(sessionId, forSession);
    return () => {
      forMember.delete(connection);
      if (forMember.size === 0) this.byMember.delete(memberId);
      forSession.delete(connection);
      if (forSession.size === 0) this.bySession.delete(sessionId);
    };
  }

  /** How many sockets are open here (for health and tests). */
  get size(): number {
    let n = 0;
    for (const set of this.byMember.values()) n += set.size;
    return n;
  }

  /** Sends one event to every socket open here. */
  private broadcast(text: string): void {
    for (const set of this.byMember.values()) {
      for (const connection of set) this.send(connection, text);
    }
  }

  private send(connection: Connection, text: string): void {
    try {
      connection.socket.send(text);
    } catch (error) {
      this.log.debug({ err: error }, 'live: send failed');
    }
  }

  private deliver(payload: string): void {
    let notice: LiveNotice;
    try {
      notice = JSON.parse(payload) as LiveNotice;
    } catch {
      this.log.warn('live: unreadable notification');
      return;
    }
    // Clocks of instances differ a little; a lag of seconds is what the series is for.
    if (typeof notice.at === 'number') liveLag.observe(Math.max(0, Date.now() - notice.at) / 1000);
    if ('sessionsEnded' in notice) {
      for (const sessionId of notice.sessionsEnded) {
        for (const connection of this.bySession.get(sessionId) ?? []) {
          connection.socket.close(SESSION_ENDED_CODE, 'session ended');
        }
      }
      return;
    }
    if ('circleChanged' in notice) {
      for (const memberId of notice.circleChanged) {
        for (const connection of this.byMember.get(memberId) ?? []) connection.heard?.('circle');
      }
      return;
    }
    const text = JSON.stringify(notice.event);
    for (const memberId of notice.to) {
      for (const connection of this.byMember.get(memberId) ?? []) {
        this.send(connection, text);
        connection.heard?.(notice.event);
      }
    }
  }
}
