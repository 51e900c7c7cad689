import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, freshIp, logInNewMember, type TestApp } from '../test/test-app.js';

let t: TestApp;
let member: Awaited<ReturnType<typeof logInNewMember>>;
beforeAll(async () => {
  t = await createTestApp();
  member = await logInNewMember(t, { name: 'Nina', notes: { personal: 'Hello there' } });
});
afterAll(() => t?.close());

/** PostgreSQL stores no NUL in text: each of these answered 500 before (issue 42). */
function expectRefused(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ error: { code: 'invalid_input' } });
}

const get = (client: Client, url: string) => client.call({ method: 'GET', url });
const put = (payload: Record<string, unknown>) =>
  member.client.call({ method: 'PUT', url: '/api/user.php', payload });
const profile = () =>
  t.db
    .selectFrom('profiles')
    .select(['name', 'notes', 'city'])
    .where('member_id', '=', member.id)
    .executeTakeFirstOrThrow();

describe('a NUL character anywhere in a query or body', () => {
  it('is refused in the staff member lookup', async () => {
    const mod = await logInNewMember(t);
    await t.db
      .updateTable('members')
      .set({ staff_role: 'moderator' })
      .where('id', '=', mod.id)
      .execute();
    expectRefused(await get(mod.client, '/api/admin/members.php?q=%00'));
  });

  it('is refused in a data export’s download token', async () => {
    expectRefused(await get(member.client, '/api/export.php?download=%00'));
  });

  it('is refused in a discount code', async () => {
    expectRefused(await get(member.client, '/api/discountcode.php?code=%00'));
  });

  it('is refused in the products’ discount code', async () => {
    expectRefused(await get(member.client, '/api/products.php?discount_code=a%00b'));
  });

  it.each([
    ['name', { profile: { name: 'Ni\u0000na' } }],
    ['personal note', { profile: { notes: { personal: 'Hi\u0000' } } }],
    ['city', { country: 'BE', countryregion: 'BE-VAN', city: 'Antwer\u0000pen' }],
  ])('is refused in a profile’s %s, which stays as it was', async (_field, payload) => {
    const before = await profile();
    expectRefused(await put(payload));
    expect(await profile()).toEqual(before);
  });

  it('is refused in a service request’s name, and nothing is stored', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('service_requests')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const res = await new Client(t.app).call({
      method: 'POST',
      url: '/api/service-request.php',
      remoteAddress: freshIp(),
      payload: {
        kind: 'question',
        topic: 'payment',
        name: 'Zo\u0000ë',
        email: 'zoe@example.com',
        message: 'My credits did not arrive after paying.',
        language: 'en',
      },
    });
    expectRefused(res);
    expect(await count()).toBe(before);
  });
});
