import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of Mollie's API v2 on 127.0.0.1, as far as Amora uses it: create, get and list
 * payments, create a refund, and Mollie's hosted checkout page. The real SDK talks to it
 * (`MOLLIE_API_URL` = `url`); answers have Mollie's shape (HAL JSON, errors as
 * `{ status, title, detail, field?, _links }`); like Mollie, its webhook call names only
 * the payment (`id=tr_…`, form-encoded) and the server must fetch the facts.
 */

export type MollieStatus =
  | 'open'
  | 'pending'
  | 'authorized'
  | 'paid'
  | 'failed'
  | 'canceled'
  | 'expired';
type Mode = 'test' | 'live';

interface Amount {
  currency: string;
  value: string;
}

export interface StandInPayment {
  resource: 'payment';
  id: string;
  mode: Mode;
  createdAt: string;
  amount: Amount;
  description: string;
  method: string | null;
  metadata: unknown;
  status: MollieStatus;
  isCancelable?: boolean;
  expiresAt?: string;
  paidAt?: string;
  canceledAt?: string;
  expiredAt?: string;
  failedAt?: string;
  locale?: string;
  profileId: string;
  sequenceType: 'oneoff';
  redirectUrl: string;
  webhookUrl?: string;
  amountRefunded?: Amount;
  amountRemaining?: Amount;
  amountChargedBack?: Amount;
  _links: Record<string, { href: string; type: string }>;
}

/** A request the stand-in's API received (the checkout page's are not kept). */
export interface ReceivedCall {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: unknown;
}

export interface WebhookCall {
  url: string;
  /** The form body as sent: `id=tr_…`. */
  body: string;
  /** The server's answer, or 0 when it could not be reached. */
  status: number;
}

export interface MollieStandIn {
  /** The root URL: `MOLLIE_API_URL` (the SDK gets `${url}/v2/`). */
  url: string;
  apiKey: string;
  payments: Map<string, StandInPayment>;
  calls: ReceivedCall[];
  webhookCalls: WebhookCall[];
  /** Moves a payment to a status, as Mollie would once the payer acts (no webhook call). */
  setStatus(id: string, status: MollieStatus): StandInPayment;
  /** Records a refund as if made in Mollie's dashboard (no webhook call). */
  refund(id: string, amountMinor: number): StandInPayment;
  /** Records a chargeback of `amountMinor` in total so far (no webhook call). */
  chargeBack(id: string, amountMinor: number): StandInPayment;
  /** Calls the payment's webhook as Mollie does and answers the server's status code. */
  triggerWebhook(id: string): Promise<number>;
  /** Resolves once every webhook call started so far has been answered. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface MollieStandInOptions {
  apiKey?: string;
  /** The mode of created payments; by default the key's (`live_…` → live, else test). */
  mode?: Mode;
}

const MOLLIE_METHOD_IDS = new Set([
  'alma',
  'applepay',
  'bacs',
  'bancomatpay',
  'bancontact',
  'banktransfer',
  'belfius',
  'billie',
  'bizum',
  'blik',
  'creditcard',
  'directdebit',
  'eps',
  'giftcard',
  'googlepay',
  'ideal',
  'in3',
  'kbc',
  'klarna',
  'mbway',
  'mobilepay',
  'multibanco',
  'mybank',
  'paybybank',
  'paypal',
  'paysafecard',
  'pointofsale',
  'przelewy24',
  'riverty',
  'satispay',
  'swish',
  'trustly',
  'twint',
  'vipps',
  'voucher',
]);
const MOLLIE_LOCALES = new Set([
  'en_US',
  'en_GB',
  'nl_NL',
  'nl_BE',
  'fr_FR',
  'fr_BE',
  'fr_LU',
  'de_DE',
  'de_AT',
  'de_CH',
  'de_LU',
  'es_ES',
  'ca_ES',
  'pt_PT',
  'it_IT',
  'nb_NO',
  'sv_SE',
  'fi_FI',
  'da_DK',
  'is_IS',
  'hu_HU',
  'pl_PL',
  'lv_LV',
  'lt_LT',
]);
/** Methods that take one currency only (Mollie answers 422 for others). */
const METHOD_CURRENCY: Record<string, string> = {
  ideal: 'EUR',
  bancontact: 'EUR',
  eps: 'EUR',
  blik: 'PLN',
  przelewy24: 'PLN',
};

const DOCS = { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' };
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized Request',
  404: 'Not Found',
  422: 'Unprocessable Entity',
};

class MollieError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly field?: string,
  ) {
    super(detail);
  }
}

const toValue = (minor: number) => {
  const digits = String(minor).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
};
const toMinor = (value: string) => Math.round(Number(value) * 100);
const isUrl = (value: unknown) => {
  try {
    return typeof value === 'string' && /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Checks a create-payment body as Mollie does, for the fields Amora sends. */
function validatePayment(body: Record<string, unknown>) {
  const amount = body.amount as Partial<Amount> | undefined;
  if (!amount || typeof amount !== 'object') {
    throw new MollieError(422, 'The amount is required for payments', 'amount');
  }
  if (typeof amount.currency !== 'string' || !/^[A-Z]{3}$/.test(amount.currency)) {
    throw new MollieError(422, 'The amount contains an invalid currency', 'amount.currency');
  }
  if (typeof amount.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value)) {
    throw new MollieError(422, 'The amount contains an invalid value', 'amount.value');
  }
  if (toMinor(amount.value) < 1) {
    throw new MollieError(422, 'The amount is lower than the minimum', 'amount.value');
  }
  if (typeof body.description !== 'string' || !body.description.trim()) {
    throw new MollieError(422, 'The description is required', 'description');
  }
  if (body.description.length > 255) {
    throw new MollieError(422, 'The description is too long', 'description');
  }
  if (!isUrl(body.redirectUrl)) {
    throw new MollieError(422, 'The redirect URL is invalid', 'redirectUrl');
  }
  // Optional at Mollie, but Amora must send it: without it nothing reports the outcome.
  if (!isUrl(body.webhookUrl)) {
    throw new MollieError(422, 'The webhook URL is invalid', 'webhookUrl');
  }
  if (body.method !== undefined && body.method !== null) {
    if (typeof body.method !== 'string' || !MOLLIE_METHOD_IDS.has(body.method)) {
      throw new MollieError(422, 'The payment method is invalid', 'method');
    }
    const only = METHOD_CURRENCY[body.method];
    if (only && only !== amount.currency) {
      throw new MollieError(
        422,
        `The currency ${amount.currency} is not supported by ${body.method}`,
        'method',
      );
    }
  }
  if (
    body.locale !== undefined &&
    (typeof body.locale !== 'string' || !MOLLIE_LOCALES.has(body.locale))
  ) {
    throw new MollieError(422, 'The locale is invalid', 'locale');
  }
  if (body.metadata !== undefined && JSON.stringify(body.metadata).length > 1024) {
    throw new MollieError(422, 'The metadata is too large', 'metadata');
  }
  return {
    amount: amount as Amount,
    description: body.description,
    redirectUrl: body.redirectUrl as string,
    webhookUrl: body.webhookUrl as string,
    method: typeof body.method === 'string' ? body.method : null,
    locale: typeof body.locale === 'string' ? body.locale : undefined,
    metadata: body.metadata ?? null,
  };
}

function checkoutPage(payment: StandInPayment): string {
  const buttons = [
    ['paid', 'Pay'],
    ['failed', 'Fail'],
    ['canceled', 'Cancel'],
    ['expired', 'Expire'],
  ]
    .map(
      ([status, label]) =>
        `<form method="post"><input type="hidden" name="status" value="${status}"><button type="submit">${label}</button></form>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Mollie stand-in · ${escapeHtml(payment.id)}</title></head>
<body>
<main>
<h1>Mollie stand-in</h1>
<p>A local stand-in of Mollie's checkout (${payment.mode} mode): no money is charged.</p>
<dl>
<dt>Payment</dt><dd>${escapeHtml(payment.id)}</dd>
<dt>Description</dt><dd>${escapeHtml(payment.description)}</dd>
<dt>Amount</dt><dd>${escapeHtml(`${payment.amount.currency} ${payment.amount.value}`)}</dd>
<dt>Method</dt><dd>${escapeHtml(payment.method ?? 'any')}</dd>
</dl>
${buttons}
</main>
</body>
</html>
`;
}

/** Starts the stand-in on 127.0.0.1 and a free port. */
export async function startMollieStandIn(
  options: MollieStandInOptions = {},
): Promise<MollieStandIn> {
  const apiKey = options.apiKey ?? 'test_standInKey1234567890abcdefgh';
  const mode: Mode = options.mode ?? (apiKey.startsWith('live_') ? 'live' : 'test');
  const payments = new Map<string, StandInPayment>();
  const calls: ReceivedCall[] = [];
  const webhookCalls: WebhookCall[] = [];
  const pending = new Set<Promise<unknown>>();
  let root = '';

  const find = (id: string) => {
    const payment = payments.get(id);
    if (!payment) throw new MollieError(404, `No payment exists with token ${id}.`);
    return payment;
  };

  const setStatus = (id: string, status: MollieStatus) => {
    const payment = find(id);
    const now = new Date().toISOString();
    payment.status = status;
    delete payment.isCancelable;
    delete payment.expiresAt;
    delete payment._links.checkout;
    if (status === 'paid') {
      payment.paidAt = now;
      payment.amountRefunded = { currency: payment.amount.currency, value: '0.00' };
      payment.amountRemaining = { ...payment.amount };
    }
    if (status === 'canceled') payment.canceledAt = now;
    if (status === 'expired') payment.expiredAt = now;
    if (status === 'failed') payment.failedAt = now;
    return payment;
  };

  const refund = (id: string, amountMinor: number) => {
    const payment = find(id);
    if (payment.status !== 'paid') {
      throw new MollieError(422, 'The payment cannot be refunded', 'paymentId');
    }
    const total = toMinor(payment.amount.value);
    const refunded = toMinor(payment.amountRefunded?.value ?? '0') + amountMinor;
    const chargedBack = toMinor(payment.amountChargedBack?.value ?? '0');
    if (amountMinor < 1 || refunded + chargedBack > total) {
      throw new MollieError(
        422,
        'The amount is higher than the amount that can be refunded',
        'amount',
      );
    }
    const currency = payment.amount.currency;
    payment.amountRefunded = { currency, value: toValue(refunded) };
    payment.amountRemaining = { currency, value: toValue(total - refunded - chargedBack) };
    return payment;
  };

  const chargeBack = (id: string, amountMinor: number) => {
    const payment = find(id);
    const currency = payment.amount.currency;
    payment.amountChargedBack = { currency, value: toValue(amountMinor) };
    const rest =
      toMinor(payment.amount.value) - toMinor(payment.amountRefunded?.value ?? '0') - amountMinor;
    payment.amountRemaining = { currency, value: toValue(Math.max(0, rest)) };
    return payment;
  };

  const triggerWebhook = async (id: string): Promise<number> => {
    const payment = find(id);
    if (!payment.webhookUrl) return 0;
    const body = new URLSearchParams({ id }).toString();
    let status = 0;
    try {
      const response = await fetch(payment.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'manual',
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      // Unreachable: Mollie would try again later; tests see status 0.
    }
    webhookCalls.push({ url: payment.webhookUrl, body, status });
    return status;
  };

  /** Mollie calls the webhook after it has answered the API call that changed something. */
  const notifyLater = (id: string) => {
    const call = new Promise((resolve) => setImmediate(resolve)).then(() => triggerWebhook(id));
    pending.add(call);
    void call.finally(() => pending.delete(call));
  };

  const createPayment = (body: Record<string, unknown>): StandInPayment => {
    const valid = validatePayment(body);
    const id = `tr_${randomBytes(8).toString('base64url').replace(/[-_]/g, 'x')}`;
    const created = new Date();
    const payment: StandInPayment = {
      resource: 'payment',
      id,
      mode,
      createdAt: created.toISOString(),
      amount: valid.amount,
      description: valid.description,
      method: valid.method,
      metadata: valid.metadata,
      status: 'open',
      isCancelable: false,
      expiresAt: new Date(created.getTime() + 15 * 60_000).toISOString(),
      ...(valid.locale && { locale: valid.locale }),
      profileId: 'pfl_standIn01',
      sequenceType: 'oneoff',
      redirectUrl: valid.redirectUrl,
      webhookUrl: valid.webhookUrl,
      _links: {
        self: { href: `${root}/v2/payments/${id}`, type: 'application/hal+json' },
        checkout: { href: `${root}/checkout/${id}`, type: 'text/html' },
        dashboard: { href: `${root}/dashboard/payments/${id}`, type: 'text/html' },
        documentation: {
          href: 'https://docs.mollie.com/reference/create-payment',
          type: 'text/html',
        },
      },
    };
    payments.set(id, payment);
    return payment;
  };

  /**
   * `GET /v2/payments`: newest first, `limit` (default 50, at most 250) from the payment
   * `from` names (included), with a `next` link to the rest, as Mollie pages its lists.
   */
  const listPayments = (query: URLSearchParams) => {
    const limit = Number(query.get('limit') ?? 50);
    if (!Number.isInteger(limit) || limit < 1 || limit > 250) {
      throw new MollieError(400, 'The limit must be between 1 and 250', 'limit');
    }
    const newest = [...payments.values()].reverse();
    const from = query.get('from');
    const start = from === null ? 0 : newest.findIndex((p) => p.id === from);
    if (start < 0) throw new MollieError(400, `Invalid 'from' parameter ${from}`, 'from');
    const page = newest.slice(start, start + limit);
    const after = newest[start + limit];
    const link = (href: string) => ({ href, type: 'application/hal+json' });
    return {
      status: 200,
      json: {
        count: page.length,
        _embedded: { payments: page },
        _links: {
          self: link(`${root}/v2/payments?limit=${limit}${from ? `&from=${from}` : ''}`),
          previous: null,
          next: after ? link(`${root}/v2/payments?from=${after.id}&limit=${limit}`) : null,
          documentation: link('https://docs.mollie.com/reference/list-payments'),
        },
      },
    };
  };

  const api = async (
    request: IncomingMessage,
    path: string,
    text: string,
    query: URLSearchParams,
  ) => {
    const auth = request.headers.authorization;
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        throw new MollieError(400, 'The request body is not valid JSON');
      }
    }
    calls.push({
      method: request.method ?? '',
      path,
      authorization: auth,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      body,
    });
    if (auth !== `Bearer ${apiKey}`) {
      throw new MollieError(401, 'Missing authentication, or failed to authenticate');
    }
    const fields = (body ?? {}) as Record<string, unknown>;
    if (request.method === 'POST' && path === '/v2/payments') {
      return { status: 201, json: createPayment(fields) };
    }
    if (request.method === 'GET' && path === '/v2/payments') return listPayments(query);
    const one = /^\/v2\/payments\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && one) return { status: 200, json: find(one[1]!) };
    const refunds = /^\/v2\/payments\/([^/]+)\/refunds$/.exec(path);
    if (request.method === 'POST' && refunds) {
      const id = refunds[1]!;
      const amount = fields.amount as Partial<Amount> | undefined;
      find(id);
      if (!amount || typeof amount.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value)) {
        throw new MollieError(422, 'The amount is invalid', 'amount');
      }
      if (amount.currency !== payments.get(id)!.amount.currency) {
        throw new MollieError(422, 'The currency does not match the payment', 'amount.currency');
      }
      refund(id, toMinor(amount.value));
      const refundId = `re_${randomBytes(6).toString('hex')}`;
      // Mollie calls the payment's webhook when a refund is made.
      notifyLater(id);
      return {
        status: 201,
        json: {
          resource: 'refund',
          id: refundId,
          amount,
          status: 'pending',
          createdAt: new Date().toISOString(),
          description: typeof fields.description === 'string' ? fields.description : '',
          metadata: fields.metadata ?? null,
          paymentId: id,
          _links: {
            self: {
              href: `${root}/v2/payments/${id}/refunds/${refundId}`,
              type: 'application/hal+json',
            },
            payment: { href: `${root}/v2/payments/${id}`, type: 'application/hal+json' },
          },
        },
      };
    }
    throw new MollieError(404, 'The resource does not exist');
  };

  const checkout = async (
    request: IncomingMessage,
    response: ServerResponse,
    id: string,
    text: string,
  ) => {
    const payment = payments.get(id);
    if (!payment) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('No such payment');
      return;
    }
    if (request.method === 'GET' && payment.status === 'open') {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(checkoutPage(payment));
      return;
    }
    if (request.method === 'POST' && payment.status === 'open') {
      const status = new URLSearchParams(text).get('status');
      if (
        status !== 'paid' &&
        status !== 'failed' &&
        status !== 'canceled' &&
        status !== 'expired'
      ) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('Unknown status');
        return;
      }
      setStatus(id, status);
      // As at Mollie: the webhook is called before the payer is sent back.
      await triggerWebhook(id);
    }
    response.writeHead(303, { location: payment.redirectUrl }).end();
  };

  const server = createServer((request, response) => {
    const handle = async () => {
      const { pathname: path, searchParams } = new URL(request.url ?? '/', 'http://stand-in');
      const text = await readBody(request);
      const page = /^\/checkout\/([^/]+)$/.exec(path);
      if (page) return checkout(request, response, page[1]!, text);
      try {
        const { status, json } = await api(request, path, text, searchParams);
        response
          .writeHead(status, { 'content-type': 'application/hal+json' })
          .end(JSON.stringify(json));
      } catch (error) {
        if (!(error instanceof MollieError)) throw error;
        response.writeHead(error.status, { 'content-type': 'application/hal+json' }).end(
          JSON.stringify({
            status: error.status,
            title: TITLES[error.status] ?? 'Error',
            detail: error.message,
            ...(error.field && { field: error.field }),
            _links: { documentation: DOCS },
          }),
        );
      }
    };
    handle().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: root,
    apiKey,
    payments,
    calls,
    webhookCalls,
    setStatus,
    refund,
    chargeBack,
    triggerWebhook,
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
    async close() {
      await Promise.all(pending);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
