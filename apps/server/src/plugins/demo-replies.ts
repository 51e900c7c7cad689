import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendDemoReply } from '../modules/demo/demo-reply.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Demo mode only: answers a member's first message to a fictional member a little later. */
    demoReply?: (message: { conversationId: number; memberId: number }) => void;
  }
}

/**
 * The demo's automatic replies (modules/demo), registered only in the demo mode: the reply
 * follows `DEMO_REPLY_SECONDS` after the member's message, as a person's would, and timers
 * still waiting when the app closes are dropped.
 */
export const demoRepliesPlugin = fp(async (app: FastifyInstance) => {
  const delayMs = app.config.demoReplySeconds * 1000;
  if (app.config.mode !== 'demo' || delayMs === 0) return;
  const waiting = new Set<NodeJS.Timeout>();
  app.decorate('demoReply', (message: { conversationId: number; memberId: number }) => {
    const timer = setTimeout(() => {
      waiting.delete(timer);
      sendDemoReply(app.db, app.config.mode, message).catch((error) =>
        app.log.warn({ err: error }, 'demo reply failed'),
      );
    }, delayMs);
    waiting.add(timer);
  });
  app.addHook('onClose', async () => {
    for (const timer of waiting) clearTimeout(timer);
  });
});
