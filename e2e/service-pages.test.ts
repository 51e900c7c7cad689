import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, DEMO, logInThroughUi, sharedApp } from './support/app-fixture.js';
import { waitForMail } from './support/mailbox.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

/** The development mailbox's mail to `address` whose item matches `subject`. */
const mailTo = (address: string, subject: RegExp) =>
  waitForMail(app.server.url, (item) => item.includes(address) && subject.test(item));

describe('static pages and customer service', () => {
  it('opens every footer page with its own content, and FAQ answers from the keyboard', async () => {
    const { context, page } = await app.newPage();
    await page.goto(app.url('/pages/faq'));
    const footer = page.getByRole('navigation', { name: 'Legal' });
    const pages: [string, string][] = [
      ['FAQ', 'Frequently asked questions'],
      ['Customer service', 'Customer service'],
      ['Terms and conditions', 'Terms and conditions'],
      ['Privacy policy', 'Privacy policy'],
      ['Cookie policy', 'Cookie policy'],
      ['Return policy', 'Return policy'],
      ['Complaints', 'Complaints'],
    ];
    for (const [link, heading] of pages) {
      await footer.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.getByText(/being finished and opens soon/).count(), link).toBe(0);
    }
    await page.goto(app.url('/pages/cookies'));
    await page.getByText(/^amora_session: keeps you logged in/).waitFor();
    expect(await page.title()).toContain('Cookie policy');

    await page.goto(app.url('/pages/faq'));
    const answer = page.getByText('Look in your spam or junk folder first');
    expect(await answer.isVisible()).toBe(false);
    const question = page.getByText('I did not receive the activation e-mail. What now?');
    await question.focus();
    await page.keyboard.press('Enter');
    await answer.waitFor();
    await context.close();
  });

  it('lets a blocked visitor file a complaint from the ban page, confirmed by mail', async () => {
    const { context, page } = await app.newPage();
    await page.goto(app.url('/pages/ban'));
    await page.getByRole('heading', { level: 1, name: 'Your account has been blocked' }).waitFor();
    await page.getByRole('link', { name: 'File a complaint' }).click();
    await page.waitForURL(/\/complaints\?topic=blocked$/);
    expect(await page.getByLabel('What is it about?').inputValue()).toBe('blocked');

    // Sending too little says what is missing, next to each field.
    await page.getByLabel('Your complaint').fill('Unfair!');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Value is required').first().waitFor();
    expect(await page.getByText('This field should be at least 20 characters long').count()).toBe(
      1,
    );

    await page.getByLabel('Your name').fill('Bea');
    await page.getByLabel('Your e-mail address').fill('bea.blocked@example.com');
    await page
      .getByLabel('Your complaint')
      .fill('My account was blocked yesterday, but I did nothing wrong. Please look again.');
    await page.getByRole('button', { name: 'Send' }).click();
    const status = page.getByRole('status');
    await status.getByText('Thank you, we have your message').waitFor();
    const reference = /C-\d+/.exec((await status.textContent()) ?? '')?.[0];
    expect(reference).toBeDefined();
    await status.getByText('answers within 14 days').waitFor();

    const confirmation = await mailTo('bea.blocked@example.com', /We received your message/);
    expect(confirmation).toContain(reference);
    const staff = await mailTo('support@amora.test', new RegExp(`\\[${reference}\\]`));
    expect(staff).toContain('Blocked account');
    expect(staff).toContain('did nothing wrong');
    await context.close();
  });

  it('answers a logged-in member at the account address, in the member’s language', async () => {
    const { context, page } = await app.newPage();
    await logInThroughUi(page, app.server.url, DEMO);
    await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: app.server.url }]);
    await page.goto(app.url('/pages/service'));
    await page.getByRole('heading', { level: 1, name: 'Kundenservice' }).waitFor();
    await page.getByRole('heading', { name: 'Schreib uns eine Nachricht' }).waitFor();
    expect(await page.getByLabel('Deine E-Mail-Adresse').count()).toBe(0);
    await page.getByLabel('Worum geht es?').selectOption('payment');
    await page
      .getByLabel('Deine Nachricht')
      .fill('Meine Credits sind nach der Zahlung gestern nicht angekommen.');
    await page.getByRole('button', { name: 'Senden' }).click();
    await page.getByRole('status').getByText('Danke, deine Nachricht ist angekommen').waitFor();

    const confirmation = await mailTo(DEMO.email, /Wir haben deine Nachricht erhalten/);
    expect(confirmation).toMatch(/Q-\d+/);
    await context.close();
  });
});
