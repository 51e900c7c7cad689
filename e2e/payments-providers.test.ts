import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MollieStandIn,
  startMollieStandIn,
} from '../apps/server/src/test/stand-ins/mollie-stand-in.js';
import {
  type StripeStandIn,
  startStripeStandIn,
} from '../apps/server/src/test/stand-ins/stripe-stand-in.js';
import { type App, DEMO, logInThroughUi, startApp } from './support/app-fixture.js';
import { activateViaMailbox, signUpViaApi } from './support/members.js';
import { freePort } from './support/server.js';

/**
 * Issue 15's walk-through on each real provider, through its SDK and local stand-in: a
 * member runs out of credits while chatting, buys a package on the provider's hosted page,
 * writes on, repeats the order, buys premium and writes free, and a refund takes credits and
 * premium back: with Mollie an admin refunds in the staff console (issue 21), with Stripe
 * it is made in Stripe's dashboard. (The demo provider: e2e/payments.test.ts.)
 */

/** What the walk-through needs from a provider's stand-in. */
interface Provider {
  app: App;
  /** The heading of the stand-in's hosted checkout page. */
  hostedPage: string;
  /** The button on that page that pays. */
  payButton: RegExp;
  /** Refunds an order in full through the provider, which then tells the server. */
  refund(orderId: string): Promise<void>;
}

const ADMIN = { email: 'admin@amora.test', password: DEMO.password };

// Few credits, so the member runs out after two messages; a few members to write to.
const APP_ENV = { SEED_MEMBERS: '5', WELCOME_CREDITS: '2', MESSAGE_CREDITS: '1' };

/**
 * A server of its own whose PUBLIC_URL is its real address: the provider sends the
 * browser back there and (Mollie) calls the webhook named in each payment there.
 */
async function providerApp(env: Record<string, string>) {
  const port = String(await freePort());
  return startApp({ ...APP_ENV, PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}`, ...env });
}

const transactionUrl = /\/transactions\/([0-9a-f-]{36})$/;
const orderIdOf = (page: Page) => transactionUrl.exec(new URL(page.url()).pathname)![1]!;

/** Pays the open checkout on the stand-in's page and answers the order id. */
async function payAtProvider(page: Page, provider: Provider): Promise<string> {
  await page.getByRole('heading', { name: provider.hostedPage }).waitFor();
  await page.getByRole('button', { name: provider.payButton }).click();
  await page.waitForURL(transactionUrl);
  await page.getByRole('heading', { name: 'Thank you, your payment is in' }).waitFor();
  return orderIdOf(page);
}

async function walkThrough(provider: Provider) {
  const { app } = provider;
  const { context, page } = await app.newPage();
  const { email } = await signUpViaApi(context, app.server.url, { name: 'Mila', country: 'NL' });
  await activateViaMailbox(context, app.server.url, email);

  // Someone to write to, from the search.
  await page.goto(app.url('/members'));
  await page.getByLabel('Country').selectOption('*');
  const start = page.getByRole('button', { name: /^Start a conversation with / }).first();
  await start.waitFor();
  const name = ((await start.getAttribute('aria-label')) ?? '').replace(
    'Start a conversation with ',
    '',
  );
  await start.click();
  await page.waitForURL(/\/chats\/\d+$/);
  const chatUrl = page.url();
  const box = page.getByLabel(`Message to ${name}`);
  const log = page.getByRole('log');
  const send = async (text: string) => {
    await box.fill(text);
    await page.getByRole('button', { name: 'Send message' }).click();
    await log.getByText(text, { exact: true }).waitFor();
  };

  // Two welcome credits, two messages; the third is refused with a way to buy.
  await page.getByRole('link', { name: 'Balance: 2 credits' }).waitFor();
  await send('Hello there!');
  await send('How was your weekend?');
  await page.getByRole('link', { name: 'Balance: 0 credits' }).waitFor();
  await box.fill('Shall we meet for coffee?');
  const [refused] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().includes('/api/messages.php') && r.request().method() === 'POST',
    ),
    page.getByRole('button', { name: 'Send message' }).click(),
  ]);
  expect(refused.status()).toBe(402);
  expect((await refused.json()).error.code).toBe('insufficient_credits');
  const notice = page
    .getByRole('alert')
    .filter({ hasText: 'You do not have enough credits to send this message.' });
  await notice.getByRole('link', { name: 'Get credits' }).click();
  await page.waitForURL(/\/credits$/);

  // A package of 20 credits, paid with iDEAL on the provider's page.
  await page.getByRole('link', { name: 'See prices' }).click();
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: '20 credits' }) })
    .getByRole('link', { name: 'Choose' })
    .click();
  await page.waitForURL(/\/credits\/credits-20$/);
  await page.getByLabel('iDEAL | Wero').check();
  await page.getByLabel(/I want the credits delivered at once/).check();
  await page.getByRole('button', { name: /^Pay €/ }).click();
  const firstOrder = await payAtProvider(page, provider);
  await page.getByText('20 credits were added. Your balance is now 20 credits.').waitFor();

  // Writing on: the refused message waited in the conversation, and goes on "Try again".
  await page.goto(chatUrl);
  await page.getByRole('link', { name: 'Balance: 20 credits' }).waitFor();
  await log.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('link', { name: 'Balance: 19 credits' }).waitFor();
  await log.getByText('Not sent').waitFor({ state: 'detached' });

  // The same again, in one step: the last order's product and method.
  await page.goto(app.url('/credits/repeat-order'));
  await page.waitForURL(/\/credits\/credits-20\/ideal$/);
  expect(await page.getByLabel('iDEAL | Wero').isChecked()).toBe(true);
  await page.getByLabel(/I want the credits delivered at once/).check();
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await payAtProvider(page, provider);
  await page.getByText('20 credits were added. Your balance is now 39 credits.').waitFor();

  // Premium: messages cost nothing while it runs.
  await page.goto(app.url('/premium'));
  await page.getByText('You do not have premium at the moment.').waitFor();
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: '30 days of premium' }) })
    .getByRole('link', { name: 'Choose' })
    .click();
  await page.getByText('Premium is a one-off purchase: it ends by itself').waitFor();
  await page.getByLabel('Credit or debit card').check();
  await page.getByRole('button', { name: /^Pay €/ }).click();
  const premiumOrder = await payAtProvider(page, provider);
  await page.getByText(/Your premium runs until .+: your messages cost no credits\./).waitFor();

  await page.goto(chatUrl);
  await page.getByText('Premium: your messages are free').waitFor();
  await send('My treat this time.');
  await page.goto(app.url('/credits'));
  await page.getByText('You write freely with premium.').waitFor();
  await page.getByText('39 credits', { exact: true }).waitFor();

  // Refunds: premium ends, the first package's credits go back.
  await provider.refund(premiumOrder);
  await page.goto(app.url(`/transactions/${premiumOrder}`));
  await page.getByRole('heading', { name: 'This order was refunded' }).waitFor();
  await page.goto(app.url('/premium'));
  await page.getByText('You do not have premium at the moment.').waitFor();

  await provider.refund(firstOrder);
  await page.goto(app.url(`/transactions/${firstOrder}`));
  await page.getByRole('heading', { name: 'This order was refunded' }).waitFor();
  await page.getByRole('link', { name: 'See your credit history' }).click();
  await page.waitForURL(/\/credits$/);
  await page.getByText('19 credits', { exact: true }).waitFor();
  await page.getByText('Credits taken back after a refund').waitFor();

  // Messages cost credits again.
  await page.goto(chatUrl);
  await page.getByRole('link', { name: 'Balance: 19 credits' }).waitFor();
  await send('See you on Sunday!');
  await page.getByRole('link', { name: 'Balance: 18 credits' }).waitFor();
  await context.close();
}

describe('paying through Mollie (its SDK and local stand-in)', () => {
  let mollie: MollieStandIn;
  let app: App;
  beforeAll(async () => {
    mollie = await startMollieStandIn({ apiKey: 'test_amoraE2eStandInKey1234567890' });
    app = await providerApp({
      PAYMENT_PROVIDER: 'mollie',
      MOLLIE_API_KEY: mollie.apiKey,
      MOLLIE_API_URL: mollie.url,
    });
  });
  afterAll(async () => {
    await app?.close();
    await mollie?.close();
  });

  it('runs out of credits, buys, repeats, buys premium and follows refunds', async () => {
    await walkThrough({
      app,
      hostedPage: 'Mollie stand-in',
      payButton: /^Pay$/,
      // Staff refund in the console: the server asks Mollie, whose webhook call brings it in.
      async refund(orderId) {
        const admin = await app.newPage({ viewport: { width: 1280, height: 900 } });
        await logInThroughUi(admin.page, app.server.url, ADMIN);
        await admin.page.goto(app.url(`/admin/orders/${orderId}`));
        await admin.page.getByLabel('Reason').fill('Asked within the withdrawal period');
        await admin.page.getByRole('button', { name: 'Refund through the provider' }).click();
        await admin.page.getByText('Refunded', { exact: true }).waitFor();
        const sent = mollie.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/refunds'));
        expect(sent.length).toBeGreaterThan(0);
        await admin.context.close();
      },
    });
  }, 90_000);
});

describe('paying through Stripe (its SDK and local stand-in)', () => {
  const webhookSecret = 'whsec_amoraE2eStandInSecret';
  let stripe: StripeStandIn;
  let app: App;
  beforeAll(async () => {
    stripe = await startStripeStandIn({ webhookSecret });
    app = await providerApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_amoraE2eStandInKey',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stripe.url,
    });
    stripe.webhookUrl = app.url('/api/payments/stripe-webhook.php');
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  it('runs out of credits, buys, repeats, buys premium and follows refunds', async () => {
    await walkThrough({
      app,
      hostedPage: 'Stripe stand-in',
      payButton: /^Pay /,
      async refund(orderId) {
        const session = [...stripe.sessions.values()].find((s) => s.metadata.order_id === orderId)!;
        // A refund in Stripe's dashboard: the signed charge.refunded event follows.
        expect((await stripe.sendRefund(session.id)).status).toBe(200);
      },
    });
  }, 90_000);
});
