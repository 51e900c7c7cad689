import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in of the parts of Stripe's HTTP API the server calls (issue 15), spoken
 * the way the official SDK speaks it: form-encoded bodies with bracket keys, bearer secret
 * keys, Stripe's error objects. It also plays Stripe's hosted Checkout page and its webhook
 * deliveries, signed with the SDK's own test signer. Point `STRIPE_API_URL` at `url`.
 */

/** One API call as the stand-in received it. */
export interface StandInRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The form fields exactly as sent: `line_items[0][price_data][unit_amount]` → `"1234"`. */
  form: Record<string, string>;
  /** The same fields nested (`line_items[0]` → an array element), as Stripe reads them. */
  params: Record<string, unknown>;
}

export interface StandInSession {
  id: string;
  created: number;
  amount: number;
  currency: string;
  description: string;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  intentMetadata: Record<string, string>;
  methods: string[];
  successUrl: string;
  cancelUrl: string | null;
  locale: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid';
  /** Set once the member paid (or an asynchronous method started). */
  intentId: string | null;
  chargeId: string | null;
  amountRefunded: number;
  livemode: boolean;
  /** Unix seconds: `expires_at` as asked, else 24 hours after creation (Stripe's default). */
  expiresAt: number;
}

/** One webhook delivery and the answer it got. */
export interface Delivery {
  event: Record<string, unknown> & { id: string; type: string };
  signature: 'valid' | 'bad' | 'none';
  status: number;
  body: string;
}

export interface StripeStandInOptions {
  /** The `whsec_…` secret the deliveries are signed with (the server's STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Where events are POSTed; settable later (the app's port is known after it listens). */
  webhookUrl?: string;
  /** Only this secret key is accepted; by default any `sk_test_…`/`sk_live_…` key. */
  secretKey?: string;
  /** Objects and events carry this `livemode` (default false, as with a test key). */
  livemode?: boolean;
  /** A refund created through the API sends `charge.refunded` as Stripe does (default true). */
  refundEvents?: boolean;
  /**
   * Delivers an event again after these pauses while the endpoint gives no 2xx, as Stripe
   * retries for three days (each attempt signed anew); by default one attempt only.
   */
  retryDelaysMs?: readonly number[];
}

type SignatureKind = Delivery['signature'];

export interface StripeStandIn {
  /** The origin to give as STRIPE_API_URL. */
  url: string;
  requests: StandInRequest[];
  sessions: Map<string, StandInSession>;
  refunds: Record<string, unknown>[];
  deliveries: Delivery[];
  webhookUrl: string | null;
  livemode: boolean;
  /** The next `count` API calls answer 500 `api_error` (an outage). */
  failNext(count: number): void;
  /** The Checkout Session object as the API answers it. */
  sessionObject(id: string): Record<string, unknown>;
  /** The hosted page's buttons, without a browser: each delivers its events first. */
  pay(sessionId: string): Promise<Delivery[]>;
  failAsync(sessionId: string): Promise<Delivery[]>;
  expire(sessionId: string): Promise<Delivery[]>;
  /** Refunds `amount` more (default: the rest) at Stripe and sends `charge.refunded`. */
  sendRefund(sessionId: string, amount?: number): Promise<Delivery>;
  /** Sends `charge.dispute.created` for the session's charge (default: the whole amount). */
  sendDispute(sessionId: string, amount?: number): Promise<Delivery>;
  /** Sends any event around `object`; `signature` 'bad' signs with a wrong secret. */
  sendEvent(
    type: string,
    object: Record<string, unknown>,
    signature?: SignatureKind,
  ): Promise<Delivery>;
  /** The body and `Stripe-Signature` header of an event, for posting it by other means. */
  signedEvent(
    type: string,
    object: Record<string, unknown>,
    signature?: SignatureKind,
  ): { payload: string; header: string | undefined; event: Delivery['event'] };
  /** Resolves once every delivery started in the background has been answered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Form fields with Stripe's bracket keys, nested: numeric segments make arrays. */
export function parseStripeForm(body: string): {
  form: Record<string, string>;
  params: Record<string, unknown>;
} {
  const form: Record<string, string> = {};
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    form[key] = value;
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [
      match[1] as string,
      ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string),
    ];
    // A key like `__proto__[x]` must not reach Object.prototype.
    if (path.some((segment) => ['__proto__', 'constructor', 'prototype'].includes(segment)))
      continue;
    let node: Record<string, unknown> | unknown[] = params;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const next = path[i + 1];
      const container = node as Record<string, unknown>;
      const slot = segment === '' && Array.isArray(node) ? String(node.length) : segment;
      if (last) {
        container[slot] = value;
        return;
      }
      if (container[slot] === undefined || typeof container[slot] !== 'object') {
        container[slot] = next !== undefined && /^\d*$/.test(next) ? [] : {};
      }
      node = container[slot] as Record<string, unknown> | unknown[];
    });
  }
  return { form, params };
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (param: string) =>
  new StripeApiError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the stand-in on 127.0.0.1 and a random port. */
export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const signer = new Stripe('sk_test_stand_in_signer');
  const requests: StandInRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const refunds: Record<string, unknown>[] = [];
  const deliveries: Delivery[] = [];
  const pending = new Set<Promise<unknown>>();
  let failures = 0;
  let origin = '';

  const session = (sessionId: string) => {
    const found = sessions.get(sessionId);
    if (!found) {
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such checkout.session: '${sessionId}'`,
        'resource_missing',
        'id',
      );
    }
    return found;
  };

  const sessionObject = (sessionId: string) => {
    const s = session(sessionId);
    return {
      id: s.id,
      object: 'checkout.session',
      allowed_payment_method_types: s.methods,
      amount_subtotal: s.amount,
      amount_total: s.amount,
      cancel_url: s.cancelUrl,
      client_reference_id: s.clientReferenceId,
      created: s.created,
      currency: s.currency,
      customer: null,
      customer_details: null,
      expires_at: s.expiresAt,
      livemode: s.livemode,
      locale: s.locale,
      metadata: s.metadata,
      mode: 'payment',
      payment_intent: s.intentId,
      payment_method_types: s.methods,
      payment_status: s.paymentStatus,
      status: s.status,
      success_url: s.successUrl,
      url: s.status === 'open' ? `${origin}/pay/${s.id}` : null,
    };
  };

  const chargeObject = (s: StandInSession) => ({
    id: s.chargeId,
    object: 'charge',
    amount: s.amount,
    amount_captured: s.amount,
    amount_refunded: s.amountRefunded,
    captured: true,
    created: s.created,
    currency: s.currency,
    // Stripe copies the PaymentIntent's metadata onto its charge.
    metadata: s.intentMetadata,
    livemode: s.livemode,
    paid: true,
    payment_intent: s.intentId,
    refunded: s.amountRefunded >= s.amount,
    status: 'succeeded',
  });

  const signedEvent: StripeStandIn['signedEvent'] = (type, object, signature = 'valid') => {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object },
      livemode: stand.livemode,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const payload = JSON.stringify(event, null, 2);
    const header =
      signature === 'none'
        ? undefined
        : signer.webhooks.generateTestHeaderString({
            payload,
            secret: signature === 'valid' ? options.webhookSecret : 'whsec_not_the_secret',
          });
    return { payload, header, event };
  };

  const sendEvent: StripeStandIn['sendEvent'] = async (type, object, signature = 'valid') => {
    const { payload, header, event } = signedEvent(type, object, signature);
    const first = await deliver(payload, header, event, signature);
    const delays = options.retryDelaysMs ?? [];
    if (!delivered(first) && delays.length > 0) {
      const retries = (async () => {
        for (const delay of delays) {
          await new Promise((resolve) => setTimeout(resolve, delay));
          const again =
            signature === 'none'
              ? undefined
              : signer.webhooks.generateTestHeaderString({
                  payload,
                  secret: signature === 'valid' ? options.webhookSecret : 'whsec_not_the_secret',
                });
          if (delivered(await deliver(payload, again, event, signature))) return;
        }
      })();
      pending.add(retries);
      void retries.finally(() => pending.delete(retries));
    }
    return first;
  };

  const delivered = (delivery: Delivery) => delivery.status >= 200 && delivery.status < 300;

  /** One attempt at delivering an event, recorded in `deliveries`. */
  const deliver = async (
    payload: string,
    header: string | undefined,
    event: Delivery['event'],
    signature: SignatureKind,
  ): Promise<Delivery> => {
    if (!stand.webhookUrl) throw new Error('The Stripe stand-in has no webhook URL');
    let delivery: Delivery;
    try {
      const response = await fetch(stand.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          ...(header ? { 'stripe-signature': header } : {}),
        },
        body: payload,
        // Stripe gives up on an attempt that has no answer within seconds.
        signal: AbortSignal.timeout(10_000),
      });
      delivery = { event, signature, status: response.status, body: await response.text() };
    } catch (error) {
      // Unreachable endpoint: Stripe would retry later; the member's redirect goes on.
      delivery = { event, signature, status: 0, body: String(error) };
    }
    deliveries.push(delivery);
    return delivery;
  };

  const needOpen = (s: StandInSession) => {
    if (s.status !== 'open') throw new Error(`Checkout Session ${s.id} is ${s.status}`);
  };

  const startPayment = (s: StandInSession) => {
    s.status = 'complete';
    s.intentId = id('pi');
    s.chargeId = id('ch');
  };

  const pay = async (sessionId: string) => {
    const s = session(sessionId);
    needOpen(s);
    startPayment(s);
    s.paymentStatus = 'paid';
    return [await sendEvent('checkout.session.completed', sessionObject(s.id))];
  };

  // An asynchronous method: the session completes unpaid, the payment fails later.
  const failAsync = async (sessionId: string) => {
    const s = session(sessionId);
    needOpen(s);
    startPayment(s);
    const completed = await sendEvent('checkout.session.completed', sessionObject(s.id));
    return [
      completed,
      await sendEvent('checkout.session.async_payment_failed', sessionObject(s.id)),
    ];
  };

  const expire = async (sessionId: string) => {
    const s = session(sessionId);
    needOpen(s);
    s.status = 'expired';
    return [await sendEvent('checkout.session.expired', sessionObject(s.id))];
  };

  const paidSession = (sessionId: string) => {
    const s = session(sessionId);
    if (s.paymentStatus !== 'paid') throw new Error(`Checkout Session ${s.id} is not paid`);
    return s;
  };

  const sendRefund = async (sessionId: string, amount?: number) => {
    const s = paidSession(sessionId);
    s.amountRefunded += amount ?? s.amount - s.amountRefunded;
    return sendEvent('charge.refunded', chargeObject(s));
  };

  const sendDispute = async (sessionId: string, amount?: number) => {
    const s = paidSession(sessionId);
    return sendEvent('charge.dispute.created', {
      id: id('dp'),
      object: 'dispute',
      amount: amount ?? s.amount,
      charge: s.chargeId,
      created: now(),
      currency: s.currency,
      livemode: s.livemode,
      metadata: {},
      payment_intent: s.intentId,
      reason: 'fraudulent',
      status: 'needs_response',
    });
  };

  const background = (work: Promise<unknown>) => {
    const tracked = work.catch(() => undefined).finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  const createSession = (params: Record<string, unknown>): Record<string, unknown> => {
    if (params.payment_method_types !== undefined) {
      // Removed in API version 2026-09-30.endive, the version the SDK pins.
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Received unknown parameter: payment_method_types',
        'parameter_unknown',
        'payment_method_types',
      );
    }
    if (params.mode !== 'payment') throw missing('mode');
    if (typeof params.success_url !== 'string') throw missing('success_url');
    const items = params.line_items as Record<string, unknown>[] | undefined;
    const item = items?.[0];
    const price = item?.price_data as Record<string, unknown> | undefined;
    const product = price?.product_data as Record<string, unknown> | undefined;
    if (!item || items.length !== 1 || item.quantity !== '1')
      throw missing('line_items[0][quantity]');
    if (typeof price?.currency !== 'string') throw missing('line_items[0][price_data][currency]');
    if (!/^\d+$/.test(String(price.unit_amount)))
      throw missing('line_items[0][price_data][unit_amount]');
    if (typeof product?.name !== 'string')
      throw missing('line_items[0][price_data][product_data][name]');
    const intentData = params.payment_intent_data as Record<string, unknown> | undefined;
    const at = now();
    let expiresAt = at + 86_400;
    if (params.expires_at !== undefined) {
      // Stripe's own rule and words: 30 minutes to 24 hours after the session's creation.
      expiresAt = Number(params.expires_at);
      if (!/^\d+$/.test(String(params.expires_at)) || expiresAt < at + 1800) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
          'parameter_invalid_integer',
          'expires_at',
        );
      }
      if (expiresAt > at + 86_400) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
          'parameter_invalid_integer',
          'expires_at',
        );
      }
    }
    const created: StandInSession = {
      id: `cs_${stand.livemode ? 'live' : 'test'}_${randomBytes(24).toString('base64url')}`,
      created: at,
      expiresAt,
      amount: Number(price.unit_amount),
      currency: price.currency,
      description: product.name,
      clientReferenceId:
        typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      intentMetadata: (intentData?.metadata as Record<string, string> | undefined) ?? {},
      methods: (params.allowed_payment_method_types as string[] | undefined) ?? ['card'],
      successUrl: params.success_url,
      cancelUrl: typeof params.cancel_url === 'string' ? params.cancel_url : null,
      locale: typeof params.locale === 'string' ? params.locale : null,
      status: 'open',
      paymentStatus: 'unpaid',
      intentId: null,
      chargeId: null,
      amountRefunded: 0,
      livemode: stand.livemode,
    };
    sessions.set(created.id, created);
    return sessionObject(created.id);
  };

  const createRefund = (params: Record<string, unknown>): Record<string, unknown> => {
    const intent = params.payment_intent;
    if (typeof intent !== 'string') throw missing('payment_intent');
    const s = [...sessions.values()].find((candidate) => candidate.intentId === intent);
    if (s?.paymentStatus !== 'paid') {
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such payment_intent: '${intent}'`,
        'resource_missing',
        'payment_intent',
      );
    }
    const rest = s.amount - s.amountRefunded;
    const amount = params.amount === undefined ? rest : Number(params.amount);
    if (rest === 0) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Charge ${s.chargeId} has already been refunded.`,
        'charge_already_refunded',
      );
    }
    if (!Number.isInteger(amount) || amount <= 0 || amount > rest) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${rest})`,
        'amount_too_large',
        'amount',
      );
    }
    s.amountRefunded += amount;
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: s.chargeId,
      created: now(),
      currency: s.currency,
      metadata: {},
      payment_intent: intent,
      reason: null,
      status: 'succeeded',
    };
    refunds.push(refund);
    if (options.refundEvents !== false) {
      background(sendEvent('charge.refunded', chargeObject(s)));
    }
    return refund;
  };

  const checkoutPage = (s: StandInSession) => {
    const amount = `${(s.amount / 100).toFixed(2)} ${s.currency.toUpperCase()}`;
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in checkout</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font:16px system-ui,sans-serif;max-width:26rem;margin:2rem auto">
<h1>Stripe stand-in</h1>
<p>A local stand-in of Stripe Checkout: no money moves.</p>
<p>${escapeHtml(s.description)}: <strong>${escapeHtml(amount)}</strong> (${escapeHtml(s.methods.join(', '))})</p>
<form method="post"><input type="hidden" name="action" value="pay"><button type="submit">Pay ${escapeHtml(amount)}</button></form>
<form method="post"><input type="hidden" name="action" value="fail"><button type="submit">Fail (async)</button></form>
<form method="post"><input type="hidden" name="action" value="expire"><button type="submit">Expire</button></form>
${s.cancelUrl ? `<p><a href="${escapeHtml(s.cancelUrl)}">Back</a></p>` : ''}
</body></html>`;
  };

  const returnUrl = (s: StandInSession, url: string) =>
    url.replaceAll('{CHECKOUT_SESSION_ID}', s.id);

  const sendJson = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': id('req'),
      'stripe-version': Stripe.API_VERSION,
    });
    response.end(JSON.stringify(body));
  };

  async function handleApi(request: IncomingMessage, path: string, body: string) {
    const { form, params } = parseStripeForm(body);
    requests.push({
      method: request.method ?? 'GET',
      path,
      headers: request.headers,
      form,
      params,
    });
    const key = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const keyOk = options.secretKey
      ? key === options.secretKey
      : /^sk_(test|live)_\w+$/.test(key ?? '');
    if (!keyOk) {
      throw new StripeApiError(
        401,
        'invalid_request_error',
        `Invalid API Key provided: ${key ? `${key.slice(0, 8)}***` : '(none)'}`,
      );
    }
    if (failures > 0) {
      failures -= 1;
      throw new StripeApiError(500, 'api_error', 'An unknown error occurred');
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') return createSession(params);
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && retrieve)
      return sessionObject(decodeURIComponent(retrieve[1] as string));
    if (request.method === 'POST' && path === '/v1/refunds') return createRefund(params);
    throw new StripeApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${request.method}: ${path}).`,
    );
  }

  async function handlePage(
    request: IncomingMessage,
    response: ServerResponse,
    sessionId: string,
    body: string,
  ) {
    const s = sessions.get(sessionId);
    if (!s) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('No such Checkout Session');
      return;
    }
    if (request.method === 'GET') {
      if (s.status !== 'open') {
        response
          .writeHead(410, { 'content-type': 'text/plain' })
          .end(`This Checkout Session is ${s.status}`);
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutPage(s));
      return;
    }
    const action = new URLSearchParams(body).get('action');
    if (s.status !== 'open' || !['pay', 'fail', 'expire'].includes(action ?? '')) {
      response
        .writeHead(409, { 'content-type': 'text/plain' })
        .end(`This Checkout Session is ${s.status}`);
      return;
    }
    if (action === 'pay') await pay(s.id);
    else if (action === 'fail') await failAsync(s.id);
    else await expire(s.id);
    // An asynchronous failure is only known later: the member returns to the success page.
    const target = action === 'expire' ? (s.cancelUrl ?? s.successUrl) : s.successUrl;
    response.writeHead(303, { location: returnUrl(s, target) }).end();
  }

  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    readBody(request)
      .then(async (body) => {
        const page = /^\/pay\/([^/]+)$/.exec(path);
        if (page) return handlePage(request, response, decodeURIComponent(page[1] as string), body);
        return sendJson(response, 200, await handleApi(request, path, body));
      })
      .catch((error: unknown) => {
        if (error instanceof StripeApiError) {
          return sendJson(response, error.status, {
            error: {
              type: error.type,
              message: error.message,
              ...(error.code && { code: error.code }),
              ...(error.param && { param: error.param }),
            },
          });
        }
        return sendJson(response, 500, { error: { type: 'api_error', message: String(error) } });
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const stand: StripeStandIn = {
    url: origin,
    requests,
    sessions,
    refunds,
    deliveries,
    webhookUrl: options.webhookUrl ?? null,
    livemode: options.livemode ?? false,
    failNext(count) {
      failures = count;
    },
    sessionObject,
    pay,
    failAsync,
    expire,
    sendRefund,
    sendDispute,
    sendEvent,
    signedEvent,
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await stand.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return stand;
}
