import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, DEMO, logInThroughUi, sharedApp } from './support/app-fixture.js';

let app: App;
beforeAll(async () => {
  app = await sharedApp();
});
afterAll(() => app?.close());

const ADMIN = { email: 'admin@amora.test', password: DEMO.password };

describe('running the business from the console, as the demo admin', () => {
  it('closes and reopens signups, switches regions off and on, prices an order with a new code, prices messages per country, and corrects credits', async () => {
    const admin = await app.newPage({ viewport: { width: 1280, height: 900 } });
    await logInThroughUi(admin.page, app.server.url, ADMIN);
    const page = admin.page;
    const version = async () =>
      (
        (await (await page.request.get(app.url('/api/admin/settings.php'))).json()) as {
          version: number;
        }
      ).version;
    /** Saves the form and waits until the server holds the new version. */
    const save = async () => {
      const before = await version();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(version).toBe(before + 1);
    };

    // Signups by invitation only: a visitor's home page says so at once.
    await page.goto(app.url('/admin/settings'));
    await page.getByLabel('Signups').selectOption('invite_only');
    await save();
    const visitor = await app.newPage();
    await visitor.page.goto(app.url('/'));
    await visitor.page.getByText('Signing up is by invitation only').waitFor();
    await page.getByLabel('Signups').selectOption('all');
    await save();
    await visitor.page.reload();
    await visitor.page.getByLabel('E-mail address').waitFor();
    expect(await visitor.page.getByText('Signing up is by invitation only').count()).toBe(0);

    // A site without regions: the member's location and search filters ask for none.
    const demo = await app.newPage({ viewport: { width: 390, height: 844 } });
    await logInThroughUi(demo.page, app.server.url, DEMO);
    const regions = page.getByRole('switch', {
      name: 'Regions: members give theirs, and search filters by it',
    });
    await regions.uncheck();
    await save();
    const place = demo.page.getByRole('region', { name: 'Location' });
    const filters = demo.page.getByRole('form', { name: 'Filters' });
    await demo.page.goto(app.url('/profile#location'));
    await place.getByLabel('City or town').waitFor();
    expect(await place.getByLabel('Region').count()).toBe(0);
    await demo.page.goto(app.url('/members'));
    await demo.page.getByRole('button', { name: 'Filters', exact: true }).click();
    await filters.getByLabel('Country').selectOption('NL');
    await filters.getByLabel('Only members with a photo').waitFor();
    expect(await filters.getByLabel('Region').count()).toBe(0);
    await regions.check();
    await save();
    await demo.page.goto(app.url('/profile#location'));
    await place.getByLabel('Region').waitFor();

    // A campaign code, created here, is priced into the demo member's order.
    await page.goto(app.url('/admin/codes'));
    await page.getByLabel('Code', { exact: true }).fill('e2e-spring');
    await page.getByLabel('Discount (%)').fill('20');
    await page.getByLabel('Last day').fill('2099-06-30');
    await page.getByRole('button', { name: 'Create code' }).click();
    await page.getByRole('button', { name: 'Pause E2E-SPRING' }).waitFor();
    await demo.page.goto(app.url('/credits/credits-50?code=E2E-SPRING'));
    await demo.page.getByText('Code E2E-SPRING: 20% off, included in the price.').waitFor();
    await demo.page.getByRole('button', { name: 'Pay €14.00' }).waitFor();
    // Paused, it is refused in place.
    await page.getByRole('button', { name: 'Pause E2E-SPRING' }).click();
    await page.getByRole('button', { name: 'Resume E2E-SPRING' }).waitFor();
    await demo.page.reload();
    await demo.page.getByText('The code E2E-SPRING cannot be used', { exact: false }).waitFor();
    await page.goto(app.url('/admin/settings'));

    // The Dutch message price: the demo member's next message is priced by it.
    await page.getByLabel('Price of a message in Netherlands').fill('0.5');
    await save();
    const search = await demo.context.request.get(app.url('/api/search.php?searchAllCountries=1'));
    const other = ((await search.json()) as { profiles: { id: number }[] }).profiles[0]!.id;
    await demo.page.goto(app.url(`/members/${other}/chat`));
    await demo.page.getByText('1 credit per message (€0.50)').waitFor();

    // A credit correction reaches the member's balance and the audit log.
    const before = (await (await demo.context.request.get(app.url('/api/credits.php'))).json())
      .credits as number;
    const me = (await (await demo.context.request.get(app.url('/api/user.php'))).json()).user
      .id as number;
    await page.goto(app.url(`/admin/members/${me}`));
    await page.getByLabel('Credits to add (negative: to take)').fill('15');
    await page.getByLabel('Reason').last().fill('Goodwill for the outage on Monday');
    await page.getByRole('button', { name: 'Correct balance' }).click();
    await page.getByText(`The balance is now ${before + 15}.`).waitFor();
    await demo.page.goto(app.url('/credits'));
    await demo.page
      .getByText(`${before + 15} credits`)
      .first()
      .waitFor();

    await page.goto(app.url('/admin/audit'));
    const actions = page.locator('tbody tr code');
    await actions.first().waitFor();
    expect((await actions.allTextContents()).slice(0, 8)).toEqual([
      'credits.adjust',
      'settings.update',
      'code.update',
      'code.create',
      'settings.update',
      'settings.update',
      'settings.update',
      'settings.update',
    ]);
  });
});
