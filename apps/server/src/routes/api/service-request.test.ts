import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  createMailingTestApp,
  freshIp,
  logInNewMember,
  type SmtpSink,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
let sink: SmtpSink;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, sink, close } = await createMailingTestApp({
    PUBLIC_URL: 'https://amora.example',
    SUPPORT_EMAIL: 'help@amora.example',
    SUPPORT_LANGUAGE: 'nl',
    SERVICE_REQUESTS_PER_HOUR: '3',
  }));
});
afterAll(() => close?.());

const MESSAGE = 'My credits did not arrive after paying on 3 December.\nCan you check?';
const send = (client: Client, payload: Record<string, unknown>, remoteAddress = freshIp()) =>
  client.call({ method: 'POST', url: '/api/service-request.php', payload, remoteAddress });

describe('POST /api/service-request.php', () => {
  it('takes a visitor’s question: stored, mailed to support, confirmed to the sender', async () => {
    const res = await send(new Client(t.app), {
      kind: 'question',
      topic: 'payment',
      name: '  Zoë <b>  ',
      email: 'Zoe.Visitor@Example.com',
      message: MESSAGE,
      language: 'de',
    });
    expect(res.statusCode).toBe(200);
    const { reference } = res.json();
    expect(reference).toMatch(/^Q-\d+$/);

    const [confirmation] = await sink.waitForMailsTo('zoe.visitor@example.com');
    expect(confirmation?.subject).toBe(`Wir haben deine Nachricht erhalten (${reference}) · Amora`);
    expect(confirmation?.text).toContain('https://amora.example/pages/faq');
    // The sender's own text, their name included, is not echoed to an address nobody has proven.
    expect(confirmation?.text?.split(/\r?\n/)[0]).toBe('Hallo,');
    expect(confirmation?.text).not.toContain('Zoë');
    expect(confirmation?.text).not.toContain('credits did not arrive');

    const [staff] = await sink.waitForMailsTo('help@amora.example');
    expect(staff?.subject).toBe(`[${reference}] Vraag: Betalingen · Amora`);
    expect(staff?.text).toContain('Antwoord naar: zoe.visitor@example.com');
    expect(staff?.text).toContain('Lid: niet ingelogd');
    // The message as written, line break kept.
    expect(staff?.text?.replace(/\r\n/g, '\n')).toContain(MESSAGE);
    expect(staff?.html).toContain('Zoë &lt;b&gt;');

    const row = await t.db
      .selectFrom('service_requests')
      .selectAll()
      .where('id', '=', Number(reference.slice(2)))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'question',
      topic: 'payment',
      name: 'Zoë <b>',
      email: 'zoe.visitor@example.com',
      member_id: null,
      language: 'de',
    });
  });

  it('answers a logged-in member at the account’s address, whatever e-mail is sent', async () => {
    const member = await logInNewMember(t);
    const res = await send(member.client, {
      kind: 'complaint',
      topic: 'report',
      name: 'Anna',
      email: 'someone-else@example.com',
      message: 'A member keeps writing to me after I asked him to stop.',
    });
    expect(res.statusCode).toBe(200);
    const { reference } = res.json();
    expect(reference).toMatch(/^C-\d+$/);
    // Only the reference comes back: no address of the member's in the answer.
    expect(Object.keys(res.json())).toEqual(['reference']);

    const [confirmation] = await sink.waitForMailsTo(member.email);
    expect(confirmation?.text).toContain(`Your complaint has reference ${reference}`);
    const staffMails = await sink.waitForMailsTo('help@amora.example', 2);
    const staff = staffMails.find((m) => m.subject.startsWith(`[${reference}]`));
    expect(staff?.subject).toBe(`[${reference}] Klacht: Een lid melden · Amora`);
    expect(staff?.text).toContain(`Antwoord naar: ${member.email}`);
    expect(staff?.text).toContain(`Lid: #${member.id}`);
    expect(sink.mails.some((m) => m.to.includes('someone-else@example.com'))).toBe(false);
  });

  it('refuses bad input with the error format, storing nothing', async () => {
    const before = await t.db
      .selectFrom('service_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const valid = {
      kind: 'complaint',
      topic: 'blocked',
      name: 'Bo',
      email: 'bo@example.com',
      message: 'My account was blocked by mistake, please look again.',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, email: undefined }, 'email'],
      [{ ...valid, email: 'not-an-address' }, 'email'],
      [{ ...valid, message: 'Too short' }, 'message'],
      [{ ...valid, message: 'x'.repeat(5001) }, 'message'],
      [{ ...valid, name: '   ' }, 'name'],
      [{ ...valid, topic: 'billing' }, 'topic'],
      [{ ...valid, kind: 'praise' }, 'kind'],
      [{ ...valid, language: 'xx' }, 'language'],
    ];
    for (const [payload, field] of cases) {
      const res = await send(new Client(t.app), payload);
      expect(res.statusCode, field).toBe(400);
      const { error } = res.json();
      expect(error.code, field).toBe('invalid_input');
      expect(Object.keys(error.fields ?? {}), field).toContain(field);
    }
    const after = await t.db
      .selectFrom('service_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('limits how many requests one address sends in an hour', async () => {
    const ip = freshIp();
    const payload = {
      kind: 'question',
      topic: 'other',
      name: 'Flood',
      email: 'flood@example.com',
      message: 'Is there anybody out there reading these?',
    };
    for (let i = 0; i < 3; i++) {
      expect((await send(new Client(t.app), payload, ip)).statusCode).toBe(200);
    }
    const refused = await send(new Client(t.app), payload, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    // Another address is not affected.
    expect((await send(new Client(t.app), payload)).statusCode).toBe(200);
  });

  it('counts an IPv6 sender by its /64, and an IPv4-mapped address as the IPv4 address', async () => {
    const payload = {
      kind: 'question',
      topic: 'other',
      name: 'Flood',
      email: 'flood6@example.com',
      message: 'Is there anybody out there reading these?',
    };
    const from = async (ip: string) => (await send(new Client(t.app), payload, ip)).statusCode;
    for (let i = 1; i <= 3; i++) expect(await from(`2001:db8:7:1::${i}`)).toBe(200);
    expect(await from('2001:db8:7:1:ffff::1')).toBe(429);
    expect(await from('2001:db8:7:2::1')).toBe(200);
    for (let i = 0; i < 3; i++) expect(await from('::ffff:198.51.100.77')).toBe(200);
    expect(await from('198.51.100.77')).toBe(429);
  });
});
