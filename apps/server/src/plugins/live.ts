import { randomUUID } from 'node:crypto';
import { LIVE_PATH, liveClientFrameSchema } from '@amora/shared/schemas/live';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Listen } from '../db/listen.js';
import { forbidden } from '../lib/errors.js';
import { sessionId } from '../modules/auth/session.service.js';
import { ChatLiveSigns } from '../modules/chats/live-signs.js';
import { LiveHub } from '../modules/live/live-hub.js';
import {
  closePresence,
  openPresence,
  updatePresence,
} from '../modules/notifications/presence.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}

const hostOf = (origin: string) => {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
};

/** Keeps idle connections open through proxies that drop silent ones. */
const PING_MS = 25_000;

/**
 * The live channel: one WebSocket per tab at `/api/live.php`, for the logged-in member
 * only, fed by PostgreSQL NOTIFY so that every app instance's members hear every event
 * (docs/decisions/015). The browser says whether its page is visible and which
 * conversation it shows (presence, so pushes hold back for what the member looks at), that
 * its member is typing, and which messages it received (issue 49, docs/decisions/061).
 */
export const livePlugin = fp(async (app: FastifyInstance, options: { listen: Listen }) => {
  await app.register(websocket, {
    // Not compressed (DESIGN); the browser's frames (presence, typing, ack) stay tiny.
    options: { maxPayload: 1024, perMessageDeflate: false },
  });
  const hub = new LiveHub(app.log);
  app.decorate('liveHub', hub);
  app.addHook('onReady', () => hub.start(options.listen));
  app.addHook('preClose', () => hub.stop());

  app.get(
    LIVE_PATH,
    {
      websocket: true,
      schema: {
        summary: 'Live channel (WebSocket) for the logged-in member',
        description:
          'Upgrade to a WebSocket (same origin only; 403 without a session). The server sends ' +
          'JSON events: { type: "message", message }, { type: "read", conversation, reader, ' +
          'message }, { type: "delivered", conversation, recipient, message } (a tab of the ' +
          'recipient acknowledged or fetched my messages up to `message`), { type: "typing", ' +
          'conversation, member } (the other participant types: show it for 5 s), ' +
          '{ type: "message_removed", conversation, message } (its sender unsent it), ' +
          '{ type: "chats" }, { type: "likes" }, { type: "user" }, and ' +
          '{ type: "resync" } after the server lost its database for a while (fetch again ' +
          'what is shown). The tab sends { type: "presence", visible, conversation }, ' +
          '{ type: "typing", conversation } at most every 3 s while its member types (passed ' +
          'to the other participant only, never across a block, dropped for a conversation ' +
          'the member is not in; nothing is stored) and { type: "ack", message } for each ' +
          '`message` event it received (the delivered mark; a push alone does not count). ' +
          'It closes with code 4401 when the session ends. Polling remains the fallback.',
      },
      preValidation: async (request) => {
        app.requireMember(request);
        // Browsers send cookies with cross-site WebSocket handshakes: only our own pages
        // may open the channel.
        const origin = request.headers.origin;
        if (origin !== undefined && hostOf(origin) !== request.headers.host) {
          throw forbidden('cross_origin', 'The live channel is for this site’s own pages');
        }
      },
    },
    (socket, request) => {
      const memberId = request.memberId!;
      const session = sessionId(request.sessionToken!);
      const signs = new ChatLiveSigns(app.db, memberId);
      const remove = hub.add(memberId, session, socket, (event) => signs.heard(event));
      // The tab's presence row: visible on connect, then as the tab reports it.
      const pageId = randomUUID();
      const opened = openPresence(app.db, { id: pageId, memberId, sessionId: session });
      const track = (work: Promise<void>) =>
        work.catch((error: unknown) => app.log.warn({ err: error }, 'live: presence failed'));
      void track(opened);
      let pings = 0;
      const ping = setInterval(() => {
        socket.ping();
        // Every other ping keeps the presence row fresh (stale rows count as gone).
        pings += 1;
        if (pings % 2 === 0) void track(opened.then(() => updatePresence(app.db, pageId, {})));
      }, PING_MS);
      socket.on('message', (data) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(data));
        } catch {
          return;
        }
        const frame = liveClientFrameSchema.safeParse(parsed);
        if (!frame.success) return;
        const sent = frame.data;
        if (sent.type === 'typing') {
          void signs.typing(sent.conversation).catch((error: unknown) => {
            app.log.warn({ err: error }, 'live: typing failed');
          });
          return;
        }
        if (sent.type === 'ack') {
          void signs.ack(sent.message).catch((error: unknown) => {
            app.log.warn({ err: error }, 'live: ack failed');
          });
          return;
        }
        void track(
          opened.then(() =>
            updatePresence(app.db, pageId, {
              visible: sent.visible,
              conversationId: sent.conversation,
            }),
          ),
        );
      });
      socket.on('close', () => {
        clearInterval(ping);
        remove();
        void track(opened.then(() => closePresence(app.db, pageId)));
      });
      socket.on('error', () => socket.terminate());
    },
  );
});
