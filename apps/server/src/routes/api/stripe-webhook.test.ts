import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/config.js';
import type { PaymentReport } from '../../modules/payments/provider-types.js';
import {
  createStripeProvider,
  type StripeProvider,
} from '../../modules/payments/stripe-provider.js';
import { appPackagePlugin } from '../../plugins/app-package.js';
import { errorsPlugin } from '../../plugins/errors.js';
import { openapiPlugin } from '../../plugins/openapi.js';
import { securityPlugin } from '../../plugins/security.js';
import { type StripeStandIn, startStripeStandIn } from '../../test/stand-ins/stripe-stand-in.js';
import {
  STRIPE_WEBHOOK_PATH,
  type StripeWebhookOptions,
  stripeWebhookRoutes,
} from './stripe-webhook.js';

const WEBHOOK_SECRET = 'whsec_test_route';
const ORDER_ID = '0b6f3a52-2f0e-4d1c-9a4b-7c8d9e0f1a2b';
const RATE_LIMIT = 3;

/**
 * The app's own plugins in buildApp's order around the webhook, with a low call limit and
 * one ordinary state-changing call to compare with. (Registering the route in app.ts comes
 * with the payments core.)
 */
async function webhookApp(options: StripeWebhookOptions): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'amora-stripe-'));
  dirs.push(dataDir);
  const config = parseConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
  });
  const app = Fastify({ bodyLimit: 1024 * 1024 }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(appPackagePlugin);
  app.post('/api/ordinary.php', async (request) => ({ body: request.body }));
  await app.register(stripeWebhookRoutes, options);
  await app.ready();
  apps.push(app);
  return app;
}

const dirs: string[] = [];
const apps: FastifyInstance[] = [];
let standIn: StripeStandIn;
let provider: StripeProvider;
let applied: PaymentReport[];
let failApply: boolean;
let app: FastifyInstance;

const apply = async (report: PaymentReport) => {
  if (failApply) throw new Error('database is down');
  applied.push(report);
};

beforeAll(async () => {
  standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
  provider = createStripeProvider({
    secretKey: 'sk_test_amora',
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: standIn.url,
    publicUrl: 'http://127.0.0.1',
  });
  app = await webhookApp({ provider, apply });
  standIn.webhookUrl = `${await app.listen({ port: 0, host: '127.0.0.1' })}${STRIPE_WEBHOOK_PATH}`;
});
afterAll(async () => {
  await standIn.close();
  await Promise.all(apps.map((a) => a.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  applied = [];
  failApply = false;
});

const checkout = () =>
  provider.createCheckout(
    {
      id: ORDER_ID,
      amount: 2500,
      currency: 'PLN',
      method: 'blik',
      description: 'Premium for 30 days',
      locale: 'pl',
    },
    {
      redirectUrl: `http://127.0.0.1/transactions/${ORDER_ID}`,
      cancelUrl: `http://127.0.0.1/transactions/${ORDER_ID}?cancelled=1`,
      webhookUrl: 'unused by Stripe',
    },
  );

/** A member's click on the stand-in's hosted page; answers where the browser goes next. */
async function click(checkoutUrl: string, action: 'pay' | 'fail' | 'expire') {
  const response = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `action=${action}`,
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return response.headers.get('location');
}

describe('POST /api/payments/stripe-webhook.php with the stand-in', () => {
  it('applies a payment made on the hosted page, and the browser returns to the order', async () => {
    const { checkoutUrl, providerRef } = await checkout();
    expect(await click(checkoutUrl, 'pay')).toBe(`http://127.0.0.1/transactions/${ORDER_ID}`);
    const [delivery] = standIn.deliveries.slice(-1);
    expect(delivery?.status).toBe(200);
    expect(JSON.parse(delivery?.body ?? '')).toEqual({ received: true });
    const session = standIn.sessions.get(providerRef);
    expect(applied).toEqual([
      {
        provider: 'stripe',
        eventId: delivery?.event.id,
        type: 'checkout.session.completed',
        outcome: 'paid',
        providerRef,
        intentRef: session?.intentId,
        orderId: ORDER_ID,
        amount: 2500,
        currency: 'PLN',
        live: false,
      },
    ]);
  });

  it('applies a later refund (sent by Stripe after provider.refund) and a dispute', async () => {
    const { checkoutUrl, providerRef } = await checkout();
    await click(checkoutUrl, 'pay');
    const intentRef = standIn.sessions.get(providerRef)?.intentId ?? null;
    applied = [];
    const refundable = { id: ORDER_ID, currency: 'PLN', providerRef, intentRef };
    await provider.refund(refundable, 1000);
    await standIn.settled();
    await provider.refund(refundable, 500);
    await standIn.settled();
    expect(applied.map((r) => [r.outcome, r.amount, r.intentRef, r.orderId])).toEqual([
      ['refunded', 1000, intentRef, ORDER_ID],
      ['refunded', 1500, intentRef, ORDER_ID],
    ]);
    applied = [];
    await standIn.sendDispute(providerRef);
    expect(applied).toEqual([
      expect.objectContaining({ outcome: 'charged_back', amount: 2500, intentRef }),
    ]);
  });

  it('applies an asynchronous failure and an expiry', async () => {
    const failing = await checkout();
    expect(await click(failing.checkoutUrl, 'fail')).toBe(
      `http://127.0.0.1/transactions/${ORDER_ID}`,
    );
    // completed (still unpaid: nothing) then async_payment_failed.
    expect(applied).toEqual([
      expect.objectContaining({ outcome: 'failed', providerRef: failing.providerRef }),
    ]);
    applied = [];
    const expiring = await checkout();
    expect(await click(expiring.checkoutUrl, 'expire')).toBe(
      `http://127.0.0.1/transactions/${ORDER_ID}?cancelled=1`,
    );
    expect(applied).toEqual([
      expect.objectContaining({ outcome: 'expired', providerRef: expiring.providerRef }),
    ]);
  });

  it('refuses a forged or a missing signature with 400 and applies nothing', async () => {
    const { checkoutUrl, providerRef } = await checkout();
    const object = standIn.sessionObject(providerRef);
    for (const signature of ['bad', 'none'] as const) {
      const delivery = await standIn.sendEvent(
        'checkout.session.completed',
        { ...object, status: 'complete', payment_status: 'paid' },
        signature,
      );
      expect(delivery.status).toBe(400);
      expect(JSON.parse(delivery.body).error.code).toBe('bad_request');
    }
    expect(applied).toEqual([]);
    await click(checkoutUrl, 'expire');
  });

  it('answers 500 when applying fails, so that Stripe delivers again', async () => {
    const { checkoutUrl } = await checkout();
    failApply = true;
    await click(checkoutUrl, 'pay');
    const [delivery] = standIn.deliveries.slice(-1);
    expect(delivery?.status).toBe(500);
    expect(JSON.parse(delivery?.body ?? '').error).toEqual({
      code: 'internal',
      message: expect.not.stringContaining('database'),
    });
  });
});

describe('the route itself', () => {
  const signed = (type = 'checkout.session.expired') =>
    standIn.signedEvent(type, { id: 'cs_test_x', object: 'checkout.session', metadata: {} });

  it('needs no X-App-Package header, while other calls still do', async () => {
    const { payload, header } = signed();
    const webhook = await app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
    expect(webhook.statusCode).toBe(200);
    const ordinary = await app.inject({ method: 'POST', url: '/api/ordinary.php', payload: {} });
    expect(ordinary.statusCode).toBe(403);
    expect(ordinary.json().error.code).toBe('missing_app_package');
  });

  it('is not held to the per-address call limit', async () => {
    const limited = await webhookApp({ provider, apply });
    const codes: number[] = [];
    for (let i = 0; i < RATE_LIMIT * 3; i++) {
      const { payload, header } = signed();
      codes.push(
        (
          await limited.inject({
            method: 'POST',
            url: STRIPE_WEBHOOK_PATH,
            headers: { 'content-type': 'application/json', 'stripe-signature': header },
            payload,
          })
        ).statusCode,
      );
    }
    expect(new Set(codes)).toEqual(new Set([200]));
    const others: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++) {
      others.push(
        (
          await limited.inject({
            method: 'POST',
            url: '/api/ordinary.php',
            headers: { 'x-app-package': 'test' },
            payload: {},
          })
        ).statusCode,
      );
    }
    expect(others.at(-1)).toBe(429);
  });

  it('keeps its raw parser to itself: other routes still read JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/ordinary.php',
      headers: { 'x-app-package': 'test' },
      payload: { a: 1 },
    });
    expect(res.json()).toEqual({ body: { a: 1 } });
  });

  it('verifies the exact bytes: the same event re-serialized does not pass', async () => {
    const { payload, header } = signed();
    const res = await app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: JSON.stringify(JSON.parse(payload)),
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 400 to every call without a webhook secret or without Stripe', async () => {
    const { payload, header } = signed();
    const noSecret = await webhookApp({
      provider: createStripeProvider({
        secretKey: 'sk_test_amora',
        apiUrl: standIn.url,
        publicUrl: 'http://127.0.0.1',
      }),
      apply,
    });
    const noStripe = await webhookApp({ provider: null, apply });
    for (const target of [noSecret, noStripe]) {
      const res = await target.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('bad_request');
    }
    expect(applied).toEqual([]);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('is listed in /api/openapi.json', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths[STRIPE_WEBHOOK_PATH]?.post;
    expect(operation).toBeDefined();
    expect(operation.summary).toMatch(/Stripe/);
    expect(operation.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'stripe-signature', in: 'header' })]),
    );
  });
});
