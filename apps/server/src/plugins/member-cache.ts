import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Listen, Unlisten } from '../db/listen.js';
import { afterWriteHooksOf } from '../db/write-barrier.js';
import type { CachedSession } from '../modules/auth/session.service.js';
import { MemberCache, parseMemberChanged } from '../modules/members/member-cache.js';
import type { UserRows } from '../modules/members/user.service.js';
import { SearchCache } from '../modules/search/search-cache.js';

/** The channel the database's triggers notify (migration 2026112601-member-changed). */
export const MEMBER_CHANGED_CHANNEL = 'member_changed';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions and own answers of logged-in members, kept right by NOTIFY (decision 042). */
    memberCache: MemberCache<CachedSession, UserRows>;
    /**
     * Resolves once this instance heard every member change committed before the call (by
     * any instance, or in SQL): a request it serves afterwards sees them.
     */
    memberChangesHeard(): Promise<void>;
    /** Lists of matches and listed profiles, kept right by the same notices (decision 047). */
    searchCache: SearchCache;
  }
}

/**
 * Keeps this instance's member cache right: it forgets a member when the database says the
 * member changed, serves only while listening, and (on PostgreSQL, where notifications come
 * over another connection) holds every write of this instance until its notifications were
 * heard, so a request that wrote answers after its own instance forgot the old rows.
 */
export const memberCachePlugin = fp(async (app: FastifyInstance, options: { listen: Listen }) => {
  const cache = new MemberCache<CachedSession, UserRows>();
  app.decorate('memberCache', cache);
  app.decorate('searchCache', new SearchCache(cache));
  let unlisten: Unlisten | null = null;
  let removeHook: (() => void) | null = null;
  app.decorate('memberChangesHeard', async () => {
    await unlisten?.caughtUp();
  });
  app.addHook('onReady', async () => {
    unlisten = await options.listen(
      MEMBER_CHANGED_CHANNEL,
      (payload) => {
        const ids = parseMemberChanged(payload);
        if (ids === 'all') cache.clear();
        else cache.changed(ids);
      },
      { onUp: () => cache.up(), onDown: () => cache.down() },
    );
    const listening = unlisten;
    removeHook = afterWriteHooksOf(app.db)?.add(() => listening.caughtUp()) ?? null;
  });
  app.addHook('preClose', async () => {
    cache.down();
    removeHook?.();
    await unlisten?.();
  });
});
