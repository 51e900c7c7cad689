import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/config.js';
import { createMollieProvider } from '../../modules/payments/mollie-provider.js';
import type { PaymentProvider, PaymentReport } from '../../modules/payments/provider-types.js';
import { appPackagePlugin } from '../../plugins/app-package.js';
import { errorsPlugin } from '../../plugins/errors.js';
import { openapiPlugin } from '../../plugins/openapi.js';
import { securityPlugin } from '../../plugins/security.js';
import { type MollieStandIn, startMollieStandIn } from '../../test/stand-ins/mollie-stand-in.js';
import { type MollieWebhookOptions, mollieWebhookRoutes } from './mollie-webhook.js';

const WEBHOOK = '/api/payments/mollie-webhook.php';
const ORDER_ID = '3f0c8a52-3f4e-4b8e-9d56-6a1d2a7b9c01';
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/**
 * The server's plugins that judge every API call (errors, address limit, X-App-Package,
 * OpenAPI) with the webhook routes on top, as app.ts registers them.
 */
async function webhookApp(
  given: Pick<MollieWebhookOptions, 'provider' | 'apply'> & Partial<MollieWebhookOptions>,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  // Unless a test says otherwise, every id is one an order holds.
  const options: MollieWebhookOptions = {
    holdsPayment: async () => true,
    limitUnknownIds: true,
    ...given,
  };
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }));
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(appPackagePlugin);
  await app.register(mollieWebhookRoutes, options);
  // Any other state-changing call: it needs X-App-Package.
  app.post('/api/other.php', async () => ({ ok: true }));
  await app.ready();
  return app;
}

/** An `apply` that records what it was given. */
function recorder() {
  const applied: PaymentReport[] = [];
  return { applied, apply: async (report: PaymentReport) => void applied.push(report) };
}

let dataDir: string;
let stand: MollieStandIn;
let provider: PaymentProvider;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'amora-mollie-'));
  stand = await startMollieStandIn();
  provider = createMollieProvider({ apiKey: stand.apiKey, apiUrl: stand.url });
});
afterAll(async () => {
  await stand.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function newPayment(webhookUrl = 'http://127.0.0.1:1/api/payments/mollie-webhook.php') {
  const started = await provider.createCheckout(
    {
      id: ORDER_ID,
      amount: 1234,
      currency: 'EUR',
      method: 'card',
      description: 'Amora: 50 credits',
      locale: 'en',
    },
    { redirectUrl: 'http://127.0.0.1:1/transactions/x', cancelUrl: '', webhookUrl },
  );
  return started;
}

describe('POST /api/payments/mollie-webhook.php', () => {
  it('applies the facts fetched from Mollie when Mollie calls it from its checkout', async () => {
    const { applied, apply } = recorder();
    const app = await webhookApp({ provider, apply });
    try {
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      const { checkoutUrl, providerRef } = await newPayment(`${origin}${WEBHOOK}`);
      // The payer presses "Pay" on Mollie's page: Mollie calls the webhook, then sends the
      // browser back.
      const paid = await fetch(checkoutUrl, {
        method: 'POST',
        headers: form,
        body: 'status=paid',
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe('http://127.0.0.1:1/transactions/x');
      expect(stand.webhookCalls.at(-1)).toEqual({
        url: `${origin}${WEBHOOK}`,
        body: `id=${providerRef}`,
        status: 200,
      });
      expect(applied).toEqual([
        expect.objectContaining({
          provider: 'mollie',
          eventId: `${providerRef}:paid`,
          outcome: 'paid',
          orderId: ORDER_ID,
          amount: 1234,
          currency: 'EUR',
          live: false,
        }),
      ]);
    } finally {
      await app.close();
    }
  });

  it('applies what the other buttons of Mollie’s checkout page make of the payment', async () => {
    const { applied, apply } = recorder();
    const app = await webhookApp({ provider, apply });
    try {
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      for (const status of ['failed', 'canceled', 'expired']) {
        const { checkoutUrl } = await newPayment(`${origin}${WEBHOOK}`);
        const page = await (await fetch(checkoutUrl)).text();
        expect(page).toContain(`value="${status}"`);
        const res = await fetch(checkoutUrl, {
          method: 'POST',
          headers: form,
          body: `status=${status}`,
          redirect: 'manual',
        });
        expect(res.status).toBe(303);
      }
      expect(applied.map((r) => r.outcome)).toEqual(['failed', 'cancelled', 'expired']);
    } finally {
      await app.close();
    }
  });

  it('applies each report of a refunded payment, in order', async () => {
    const { applied, apply } = recorder();
    const app = await webhookApp({ provider, apply });
    const { providerRef } = await newPayment();
    stand.setStatus(providerRef, 'paid');
    stand.refund(providerRef, 300);
    const res = await app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: form,
      payload: `id=${providerRef}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(applied.map((r) => r.eventId)).toEqual([
      `${providerRef}:paid`,
      `${providerRef}:refunded:300`,
    ]);
    await app.close();
  });

  it('asks Mollie nothing for an id no order holds, and answers 429 past 60 a minute from one address', async () => {
    const { applied, apply } = recorder();
    const { providerRef } = await newPayment();
    stand.setStatus(providerRef, 'paid');
    const app = await webhookApp({
      provider,
      apply,
      holdsPayment: async (id) => id === providerRef,
    });
    const post = (id: string, remoteAddress = '198.51.100.7') =>
      app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: form,
        payload: `id=${id}`,
        remoteAddress,
      });
    const calls = stand.calls.length;
    for (let i = 0; i < 60; i += 1) {
      expect((await post(`tr_forged${i}`)).statusCode).toBe(200);
    }
    // Not one of the forged ids cost a call to Mollie.
    expect(stand.calls.length).toBe(calls);
    const over = await post('tr_forged60');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
    // Another address has its own count; the address over it still reaches a real payment.
    expect((await post('tr_forged61', '198.51.100.8')).statusCode).toBe(200);
    expect(stand.calls.length).toBe(calls);
    expect((await post(providerRef)).statusCode).toBe(200);
    expect(stand.calls.slice(calls)).toEqual([
      expect.objectContaining({ method: 'GET', path: `/v2/payments/${providerRef}` }),
    ]);
    expect(applied.map((r) => r.eventId)).toEqual([`${providerRef}:paid`]);
    await app.close();
  });

  it('does not count ids no order holds with RATE_LIMIT=off', async () => {
    const { apply } = recorder();
    const app = await webhookApp({
      provider,
      apply,
      holdsPayment: async () => false,
      limitUnknownIds: false,
    });
    for (let i = 0; i < 61; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: form,
        payload: `id=tr_forged${i}`,
        remoteAddress: '198.51.100.9',
      });
      expect(res.statusCode).toBe(200);
    }
    await app.close();
  });

  it('answers 200 and applies nothing for an id an order holds but Mollie does not know', async () => {
    const { applied, apply } = recorder();
    const app = await webhookApp({ provider, apply });
    for (const id of ['tr_doesNotExist', 'not-a-payment-id']) {
      const res = await app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: form,
        payload: `id=${id}`,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(stand.calls.at(-1)).toMatchObject({ path: '/v2/payments/tr_doesNotExist' });
    expect(applied).toEqual([]);
    await app.close();
  });

  it('answers 200 and asks nobody when Mollie is not the provider', async () => {
    const { applied, apply } = recorder();
    const { providerRef } = await newPayment();
    stand.setStatus(providerRef, 'paid');
    const calls = stand.calls.length;
    for (const other of [null, { ...provider, name: 'demo' as const }]) {
      const app = await webhookApp({ provider: other, apply });
      const res = await app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: form,
        payload: `id=${providerRef}`,
      });
      expect(res.statusCode).toBe(200);
      await app.close();
    }
    expect(stand.calls.length).toBe(calls);
    expect(applied).toEqual([]);
  });

  it('answers 500 without internals when a report cannot be stored, so Mollie retries', async () => {
    const app = await webhookApp({
      provider,
      apply: async () => {
        throw new Error('connection to the database lost: secret detail');
      },
    });
    const { providerRef } = await newPayment();
    stand.setStatus(providerRef, 'paid');
    const res = await app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: form,
      payload: `id=${providerRef}`,
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal', message: expect.any(String) } });
    expect(res.body).not.toContain('secret');
    await app.close();
  });

  it('answers 500 when Mollie cannot be asked (not Mollie’s own status)', async () => {
    const { applied, apply } = recorder();
    const wrongKey = createMollieProvider({ apiKey: 'test_wrong', apiUrl: stand.url });
    const app = await webhookApp({ provider: wrongKey, apply });
    const { providerRef } = await newPayment();
    const res = await app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: form,
      payload: `id=${providerRef}`,
    });
    expect(res.statusCode).toBe(500);
    expect(applied).toEqual([]);
    await app.close();
  });

  it('answers 400 for a body without an id', async () => {
    const { apply } = recorder();
    const app = await webhookApp({ provider, apply });
    const res = await app.inject({ method: 'POST', url: WEBHOOK, headers: form, payload: 'x=1' });
    expect(res.statusCode).toBe(400);
    await app.close();
  });

  it('needs no X-App-Package (other API calls still do)', async () => {
    const { apply } = recorder();
    const app = await webhookApp({ provider, apply });
    const hook = await app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: form,
      payload: 'id=tr_x1',
    });
    expect(hook.statusCode).toBe(200);
    const other = await app.inject({ method: 'POST', url: '/api/other.php' });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('missing_app_package');
    await app.close();
  });

  it('is not held to the per-address call limit (other API calls are)', async () => {
    const { apply } = recorder();
    const app = await webhookApp({ provider, apply }, { RATE_LIMIT_PER_MINUTE: '2' });
    for (let i = 0; i < 5; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: form,
        payload: 'id=tr_x1',
        remoteAddress: '203.0.113.7',
      });
      expect(res.statusCode).toBe(200);
    }
    const answers: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/openapi.json',
        remoteAddress: '203.0.113.7',
      });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([200, 200, 429]);
    await app.close();
  });

  it('is listed in /api/openapi.json with its form body', async () => {
    const { apply } = recorder();
    const app = await webhookApp({ provider, apply });
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    const operation = res.json().paths[WEBHOOK]?.post;
    expect(operation).toBeDefined();
    expect(Object.keys(operation.requestBody.content)).toEqual([
      'application/x-www-form-urlencoded',
    ]);
    expect(operation.requestBody.content['application/x-www-form-urlencoded'].schema).toMatchObject(
      { properties: { id: { type: 'string' } }, required: ['id'] },
    );
    await app.close();
  });
});
