import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config/config.js';
import { fastifyTrustProxy } from './config/trust-proxy.js';
import type { DatabaseKind } from './db/database.js';
import type { Listen } from './db/listen.js';
import type { Database } from './db/schema.js';
import type { MediaStores } from './modules/media/object-store.js';
import { findOrderByProviderRef } from './modules/payments/order.repository.js';
import { isStripeProvider } from './modules/payments/payment-provider.js';
import type { PaymentReport } from './modules/payments/provider-types.js';
import { cacheStoredSettings } from './modules/site/site.repository.js';
import { appPackagePlugin } from './plugins/app-package.js';
import { demoBehindProxyPlugin } from './plugins/demo-behind-proxy.js';
import { demoRepliesPlugin } from './plugins/demo-replies.js';
import { errorsPlugin } from './plugins/errors.js';
import { livePlugin } from './plugins/live.js';
import { memberCachePlugin } from './plugins/member-cache.js';
import { metricsPlugin } from './plugins/metrics.js';
import { nulRefusalPlugin } from './plugins/nul-refusal.js';
import { openapiPlugin } from './plugins/openapi.js';
import { paymentsPlugin } from './plugins/payments.js';
import { routeRedirectsPlugin } from './plugins/route-redirects.js';
import { securityPlugin } from './plugins/security.js';
import { sessionPlugin } from './plugins/session.js';
import { settingsSyncPlugin } from './plugins/settings-sync.js';
import { staffPlugin } from './plugins/staff.js';
import { uploadsPlugin } from './plugins/uploads.js';
import { webAppPlugin } from './plugins/web-app.js';
import { activationRoutes } from './routes/api/activation.js';
import { staffBusinessRoutes } from './routes/api/admin/business.js';
import { staffMemberRoutes } from './routes/api/admin/members.js';
import { staffOrderRoutes } from './routes/api/admin/orders.js';
import { staffQueueRoutes } from './routes/api/admin/photos.js';
import { staffReportRoutes } from './routes/api/admin/reports.js';
import { staffSessionRoutes } from './routes/api/admin/session.js';
import { staffVerificationRoutes } from './routes/api/admin/verifications.js';
import { authRoutes } from './routes/api/auth.js';
import { blockRoutes } from './routes/api/block.js';
import { camsRoutes } from './routes/api/cams.js';
import { chatRoutes } from './routes/api/chat.js';
import { chatsRoutes } from './routes/api/chats.js';
import { creditsRoutes } from './routes/api/credits.js';
import { devCreditsRoutes } from './routes/api/dev-credits.js';
import { discountCodeRoutes } from './routes/api/discountcode.js';
import { emailChangeRoutes } from './routes/api/email-change.js';
import { exportRoutes } from './routes/api/export.js';
import { geocodeRoutes } from './routes/api/geocode.js';
import { healthRoutes } from './routes/api/health.js';
import { imageRoutes } from './routes/api/image.js';
import { likesRoutes } from './routes/api/likes.js';
import { messagesRoutes } from './routes/api/messages.js';
import { mollieWebhookRoutes } from './routes/api/mollie-webhook.js';
import { notificationsRoutes } from './routes/api/notifications.js';
import { orderRoutes } from './routes/api/orders.js';
import { passwordRoutes } from './routes/api/password-reset.js';
import { privateMediaRoutes } from './routes/api/private-media.js';
import { profileRoutes } from './routes/api/profile.js';
import { profileImageRoutes } from './routes/api/profile-image.js';
import { reportRoutes } from './routes/api/report.js';
import { resellRoutes } from './routes/api/resell.js';
import { searchRoutes } from './routes/api/search.js';
import { serviceRequestRoutes } from './routes/api/service-request.js';
import { sessionsRoutes } from './routes/api/sessions.js';
import { signupMatchesRoutes } from './routes/api/signup-matches.js';
import { similarRoutes } from './routes/api/similar.js';
import { siteRoutes } from './routes/api/site.js';
import { stripeWebhookRoutes } from './routes/api/stripe-webhook.js';
import { userRoutes } from './routes/api/user.js';
import { validateEmailRoutes } from './routes/api/validate-email.js';
import { verificationRoutes } from './routes/api/verification.js';
import { devMailboxRoutes } from './routes/dev-mailbox.js';
import { manifestRoutes } from './routes/manifest.js';
import { payDemoRoutes } from './routes/pay-demo.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Kysely<Database>;
    dbKind: DatabaseKind;
    /** Where photos and data exports live (decision 057). */
    media: MediaStores;
  }
}

export interface AppDeps {
  config: AppConfig;
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  /** LISTEN on the database's NOTIFY channels (the live channel). */
  listen: Listen;
  /** The photo and export stores (`createMediaStores`), probed before. */
  media: MediaStores;
  logger?: FastifyBaseLogger | boolean;
}

/** Request ids: 16 hex digits, 8 random per instance, then a counter. */
function requestIds(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let counter = 0;
  return () => {
    counter = (counter + 1) % 0x100000000;
    return prefix + counter.toString(16).padStart(8, '0');
  };
}

/** Builds the whole server: plugins first, then the API routes, then the web app. */
export async function buildApp({
  config,
  db,
  dbKind,
  listen,
  media,
  logger = false,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(typeof logger === 'boolean' ? { logger } : { loggerInstance: logger }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Unique across instances, so one request's log lines can be found among all of them:
    // a random prefix per instance and a counter (random bytes per request cost a system call).
    genReqId: requestIds(),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('dbKind', dbKind);
  app.decorate('media', media);
  cacheStoredSettings(db, config.settingsCacheSeconds * 1000);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(demoBehindProxyPlugin);
  await app.register(openapiPlugin);
  await app.register(appPackagePlugin);
  await app.register(memberCachePlugin, { listen });
  await app.register(sessionPlugin);
  await app.register(staffPlugin);
  await app.register(nulRefusalPlugin);
  await app.register(uploadsPlugin);
  await app.register(livePlugin, { listen });
  await app.register(metricsPlugin);
  await app.register(settingsSyncPlugin, { listen });
  await app.register(paymentsPlugin);
  await app.register(demoRepliesPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(blockRoutes);
  await app.register(reportRoutes);
  await app.register(staffSessionRoutes);
  await app.register(staffReportRoutes);
  await app.register(staffQueueRoutes);
  await app.register(staffMemberRoutes);
  await app.register(staffBusinessRoutes);
  await app.register(staffOrderRoutes);
  await app.register(staffVerificationRoutes);
  await app.register(exportRoutes);
  await app.register(sessionsRoutes);
  await app.register(userRoutes);
  await app.register(siteRoutes);
  await app.register(profileRoutes);
  await app.register(profileImageRoutes);
  await app.register(imageRoutes);
  await app.register(privateMediaRoutes);
  await app.register(verificationRoutes);
  await app.register(chatsRoutes);
  await app.register(chatRoutes);
  await app.register(messagesRoutes);
  await app.register(creditsRoutes);
  // The developer panel's credit reset: production has no such call (decision 040).
  if (config.mode === 'demo') await app.register(devCreditsRoutes);
  await app.register(serviceRequestRoutes);
  await app.register(orderRoutes);
  await app.register(discountCodeRoutes);
  if (config.paymentProvider === 'demo') await app.register(payDemoRoutes);
  // Both webhooks exist whatever the provider: a call for another one changes nothing.
  const apply = async (report: PaymentReport) => {
    await app.applyPaymentReport(report);
  };
  const provider = app.paymentProvider;
  await app.register(mollieWebhookRoutes, {
    provider: provider?.name === 'mollie' ? provider : null,
    apply,
    holdsPayment: async (id) =>
      (await findOrderByProviderRef(app.db, 'mollie', 'provider_ref', id)) !== undefined,
    limitUnknownIds: config.rateLimit.enabled,
  });
  await app.register(stripeWebhookRoutes, {
    provider: provider && isStripeProvider(provider) ? provider : null,
    apply,
  });
  await app.register(notificationsRoutes);
  await app.register(likesRoutes);
  await app.register(searchRoutes);
  await app.register(similarRoutes);
  await app.register(signupMatchesRoutes);
  await app.register(validateEmailRoutes);
  await app.register(geocodeRoutes);
  await app.register(camsRoutes);
  await app.register(resellRoutes);

  await app.register(manifestRoutes);
  await app.register(activationRoutes);
  await app.register(emailChangeRoutes);
  await app.register(passwordRoutes);
  // The demo's mailbox: production has no `/_dev` path at all (decision 029).
  if (config.mode === 'demo') await app.register(devMailboxRoutes);
  await app.register(routeRedirectsPlugin);
  await app.register(webAppPlugin);
  await app.ready();
  return app;
}
