import { formatMinor } from '@amora/shared/rules/money';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { escapeHtml, plainPage } from '../lib/plain-page.js';
import { findMemberOrder, type OrderRow } from '../modules/payments/order.repository.js';
import { readStoredSettings } from '../modules/site/site.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An amount in minor units, written as the test pages show it. */
const money = (currency: string, minor: number) => formatMinor(minor, currency, 'en');

/** The frame both test pages share: plainly this server's own, never indexed. */
function demoPage(title: string, siteName: string, body: string): string {
  return plainPage({
    lang: 'en',
    title: `${title} · ${siteName}`,
    style: `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#eef1f6;color:#1f2433}
main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.note{background:#fff3cd;border-radius:8px;padding:.75rem 1rem;font-size:.95rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#555}dd{margin:0;font-weight:600}
button{font:inherit;width:100%;min-height:44px;border-radius:8px;border:0;padding:.6rem 1rem;margin-top:.75rem;cursor:pointer;background:#e9ecef;color:#1f2433}
.pay{background:#1f6f43;color:#fff}
button:focus-visible{outline:3px solid #1f2433;outline-offset:2px}`,
    body: `<h1>${escapeHtml(title)}</h1>
${body}`,
  });
}

function checkoutPage(order: OrderRow, siteName: string): string {
  const amount = money(order.currency, order.amount);
  const item =
    order.credits > 0 ? `${order.credits} credits` : `Premium for ${order.premium_days} days`;
  return demoPage(
    'Test payment',
    siteName,
    `<p class="note">This is ${escapeHtml(siteName)}'s built-in test checkout: no money is charged. A real payment provider takes its place in production.</p>
<dl>
<dt>Order</dt><dd>${escapeHtml(item)}</dd>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
<dt>Method</dt><dd>${escapeHtml(order.method)}</dd>
</dl>
<form method="post"><input type="hidden" name="outcome" value="paid"><button class="pay" type="submit">Pay ${escapeHtml(amount)}</button></form>
<form method="post"><input type="hidden" name="outcome" value="failed"><button type="submit">Let the payment fail</button></form>
<form method="post"><input type="hidden" name="outcome" value="cancelled"><button type="submit">Cancel and go back</button></form>`,
  );
}

function refundPage(order: OrderRow, siteName: string): string {
  const show = (minor: number) => escapeHtml(money(order.currency, minor));
  const left = order.amount - order.refunded_amount;
  const half = Math.min(left, Math.ceil(order.amount / 2));
  return demoPage(
    'Test refund',
    siteName,
    `<p class="note">The built-in test checkout can pay this order back, as a real provider's refund or chargeback would. Paid ${show(order.amount)}, refunded so far ${show(order.refunded_amount)}.</p>
<form method="post"><input type="hidden" name="refund" value="${half}"><button type="submit">Refund ${show(half)}</button></form>
<form method="post"><input type="hidden" name="refund" value="${left}"><button type="submit">Refund the rest, ${show(left)}</button></form>
<form method="post"><input type="hidden" name="refund" value="chargeback"><button type="submit">Chargeback</button></form>`,
  );
}

const REFUNDABLE = new Set(['paid', 'partially_refunded']);

/**
 * The demo payment provider's page (docs/decisions/021, 030): only the member who placed the
 * order may pay it, once; the outcome is a payment report applied by `applyPaymentReport`
 * like a provider's webhook would, and the browser returns to `/transactions/{id}`. A paid
 * order can be refunded (in part) or charged back at `/_pay/demo/{id}/refund`.
 */
export const payDemoRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const ownPendingOrder = async (memberId: number | null, id: string) => {
    if (memberId === null || !UUID.test(id)) return null;
    return (await findMemberOrder(app.db, memberId, id)) ?? null;
  };

  /** One of the demo provider's own pages, never cached (it shows one order's state). */
  const sendPage = async (reply: FastifyReply, render: (siteName: string) => string) => {
    const siteName = (await readStoredSettings(app.db)).name;
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(render(siteName));
  };

  app.get<{ Params: { id: string } }>('/_pay/demo/:id', async (request, reply) => {
    const order = await ownPendingOrder(request.memberId, request.params.id);
    if (!order) return reply.code(404).type('text/plain').send('No such order');
    if (order.status !== 'pending') return reply.redirect(`/transactions/${order.id}`, 303);
    return sendPage(reply, (siteName) => checkoutPage(order, siteName));
  });

  app.post<{ Params: { id: string }; Body: { outcome?: string } }>(
    '/_pay/demo/:id',
    async (request, reply) => {
      const order = await ownPendingOrder(request.memberId, request.params.id);
      if (!order) return reply.code(404).type('text/plain').send('No such order');
      const outcome = request.body?.outcome;
      if (outcome !== 'paid' && outcome !== 'failed' && outcome !== 'cancelled') {
        return reply.code(400).type('text/plain').send('Unknown outcome');
      }
      if (order.status === 'pending') {
        await app.applyPaymentReport({
          provider: 'demo',
          eventId: `${order.id}:${outcome}`,
          type: outcome,
          outcome,
          providerRef: order.provider_ref ?? order.id,
          orderId: order.id,
          amount: order.amount,
          currency: order.currency,
          live: true,
        });
      }
      return reply.redirect(`/transactions/${order.id}`, 303);
    },
  );

  app.get<{ Params: { id: string } }>('/_pay/demo/:id/refund', async (request, reply) => {
    const order = await ownPendingOrder(request.memberId, request.params.id);
    if (!order) return reply.code(404).type('text/plain').send('No such order');
    if (!REFUNDABLE.has(order.status)) return reply.redirect(`/transactions/${order.id}`, 303);
    return sendPage(reply, (siteName) => refundPage(order, siteName));
  });

  app.post<{ Params: { id: string }; Body: { refund?: string } }>(
    '/_pay/demo/:id/refund',
    async (request, reply) => {
      const order = await ownPendingOrder(request.memberId, request.params.id);
      if (!order) return reply.code(404).type('text/plain').send('No such order');
      const refund = request.body?.refund;
      const amount = Number(refund);
      if (refund !== 'chargeback' && !(Number.isInteger(amount) && amount > 0)) {
        return reply.code(400).type('text/plain').send('Unknown refund');
      }
      if (REFUNDABLE.has(order.status)) {
        if (refund === 'chargeback') {
          await app.applyPaymentReport({
            provider: 'demo',
            eventId: `${order.id}:chargeback`,
            type: 'chargeback',
            outcome: 'charged_back',
            providerRef: order.provider_ref ?? order.id,
            orderId: order.id,
            amount: order.amount,
            currency: order.currency,
            live: true,
          });
        } else {
          await app.paymentProvider?.refund(
            {
              id: order.id,
              currency: order.currency,
              providerRef: order.provider_ref,
              intentRef: order.provider_intent_ref,
            },
            amount,
          );
        }
      }
      return reply.redirect(`/transactions/${order.id}`, 303);
    },
  );
};
