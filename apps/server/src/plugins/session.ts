import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notLoggedIn } from '../lib/errors.js';
import { isUnder } from '../lib/route-path.js';
import {
  type MemberContext,
  resolveSession,
  SESSION_COOKIE,
  startSession,
} from '../modules/auth/session.service.js';
import { touchLastActive } from '../modules/members/member.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member's id, or null. */
    memberId: number | null;
    sessionToken: string | null;
    /** Read with the session for routes with `config.memberContext`, else null. */
    memberContext: MemberContext | null;
  }
  interface FastifyContextConfig {
    /** The route starts from the member's context: the session lookup reads it along. */
    memberContext?: boolean;
  }
  interface FastifyInstance {
    /** Answers 403 unless someone is logged in; returns their member id. */
    requireMember(request: FastifyRequest): number;
    logIn(request: FastifyRequest, reply: FastifyReply, memberId: number): Promise<void>;
    clearSessionCookie(reply: FastifyReply): void;
  }
}

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const { db, config } = app;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
  };

  app.decorateRequest('memberId', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('memberContext', null);

  app.addHook('onRequest', async (request) => {
    // The API and the demo payment page (`/_pay/`) know who is calling; pages do not ask.
    if (!isUnder(request, '/api/') && !isUnder(request, '/_pay/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await resolveSession(db, token, config.sessionLifetime, {
      withContext: request.routeOptions.config.memberContext === true,
      cache: app.memberCache,
    });
    if (session === null) return;
    request.memberId = session.memberId;
    request.sessionToken = token;
    request.memberContext = session.context;
    // One write a minute at most: most requests cost the session lookup only.
    if (session.activityStale) await touchLastActive(db, session.memberId);
  });

  app.decorate('requireMember', (request: FastifyRequest) => {
    if (request.memberId === null) throw notLoggedIn();
    return request.memberId;
  });

  app.decorate('logIn', async (request: FastifyRequest, reply: FastifyReply, memberId: number) => {
    const token = await startSession(db, memberId, {
      lifetime: config.sessionLifetime,
      userAgent: request.headers['user-agent'],
      ip: request.ip,
    });
    request.memberId = memberId;
    request.sessionToken = token;
    // The cookie may live as long as the session could; the server ends it sooner when idle.
    reply.setCookie(SESSION_COOKIE, token, {
      ...cookieOptions,
      maxAge: config.sessionLifetime.maxDays * 86400,
    });
  });

  app.decorate('clearSessionCookie', (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
  });
});
