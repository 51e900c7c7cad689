import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Listen, Unlisten } from '../db/listen.js';
import { dropCachedSettings, SETTINGS_CHANNEL } from '../modules/site/site.repository.js';

/**
 * A save from the staff console NOTIFYs every instance, which forgets its cached settings at
 * once; `SETTINGS_CACHE_SECONDS` stays the bound for changes made in SQL.
 */
export const settingsSyncPlugin = fp(async (app: FastifyInstance, options: { listen: Listen }) => {
  let unlisten: Unlisten | null = null;
  app.addHook('onReady', async () => {
    unlisten = await options.listen(SETTINGS_CHANNEL, () => dropCachedSettings(app.db));
  });
  app.addHook('preClose', async () => {
    await unlisten?.();
  });
});
