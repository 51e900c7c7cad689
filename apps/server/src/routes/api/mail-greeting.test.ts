import { signupCsrf } from '@amora/shared/rules/signup-csrf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.js';
import {
  Client,
  createMailingTestApp,
  freshIp,
  logInNewMember,
  type ReceivedMail,
  type SmtpSink,
  type TestApp,
} from '../../test/test-app.js';

/**
 * A mail greets a member by name only at an address they confirmed. Mail to an address
 * nobody has confirmed (signup, a new address, the service form, an account never
 * confirmed) says "Hi," without a name: nobody can use our forms to mail a stranger an
 * advert as a name, be it a link, a phone number or a domain with spaces (issue 42).
 * Checked on the mails as the SMTP server gets them.
 */
let sink: SmtpSink;
let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, sink, close } = await createMailingTestApp({
    SIGNUPS_PER_HOUR: '1000',
    EMAIL_CHECKS_PER_10_MINUTES: '1000',
  }));
});
afterAll(() => close?.());

let counter = 0;
const freshEmail = () => `greeting.${Date.now()}.${++counter}@example.org`;

async function mailTo(email: string): Promise<ReceivedMail> {
  return (await sink.waitForMailsTo(email))[0]!;
}

/** The mail as a person reads it: subject, text and HTML, for `not.toContain` checks. */
const whole = (mail: ReceivedMail) => `${mail.subject}\n${mail.text}\n${mail.html}`;
const firstLine = (mail: ReceivedMail) => mail.text!.split(/\r?\n/)[0];

async function signUp(name: string, email = freshEmail()) {
  const client = new Client(t.app);
  const check = await client.call({
    method: 'GET',
    url: `/api/validate_email.php?email=${encodeURIComponent(email)}`,
  });
  const { token } = check.json();
  const res = await client.call({
    method: 'POST',
    url: '/api/user.php?new=1',
    remoteAddress: freshIp(),
    payload: {
      email,
      name,
      password: 'long enough pw',
      trafficsource: null,
      timezone: 'Europe/Amsterdam',
      country: 'NL',
      language: 'en',
      profile: null,
      form_path: '/signup',
      referrer: null,
      csrf: signupCsrf(token, email),
      token,
      n: 'k3x9',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return email;
}

/** Names a stranger must not get from us: a link, phone numbers, a domain with spaces. */
const ADVERTS = ['visit www.spam.com', 'call me 06 1234 5678', 'spam . com', 'wa +31612345678'];

describe('the greeting of mails to an address nobody has confirmed', () => {
  it('signup: the activation mail says "Hi," whatever the name', async () => {
    for (const name of [...ADVERTS, 'Noor']) {
      const mail = await mailTo(await signUp(name));
      expect(mail.subject).toBe('Activate your Amora account');
      expect(firstLine(mail), name).toBe('Hi,');
      expect(whole(mail), name).not.toContain(name);
    }
  });

  it('password reset: names the member at a confirmed address only', async () => {
    const reset = async (email: string) => {
      const res = await new Client(t.app).call({
        method: 'POST',
        url: '/api/password-reset.php',
        remoteAddress: freshIp(),
        payload: { email },
      });
      expect(res.statusCode).toBe(200);
      return mailTo(email);
    };
    for (const name of [...ADVERTS, 'win.cash']) {
      const unconfirmed = await createMember(t.db, { name, activated: false, email: freshEmail() });
      const mail = await reset(unconfirmed.email);
      expect(mail.subject).toBe('Reset your Amora password');
      expect(firstLine(mail), name).toBe('Hi,');
      expect(whole(mail), name).not.toContain(name);
    }
    const confirmed = await createMember(t.db, { name: 'Lena', email: freshEmail() });
    expect(firstLine(await reset(confirmed.email))).toBe('Hi Lena,');
  });

  it('e-mail change: the mail to the new address says "Hi,"', async () => {
    const m = await logInNewMember(t, { name: 'Noor 06 1234 5678' });
    const next = freshEmail();
    const res = await m.client.call({
      method: 'POST',
      url: '/api/email-change.php',
      remoteAddress: freshIp(),
      payload: { email: next, password: m.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailTo(next);
    expect(firstLine(mail)).toBe('Hi,');
    expect(whole(mail)).not.toContain('Noor');
  });

  it('account deletion: the goodbye to an address never confirmed says "Hi,"', async () => {
    const m = await logInNewMember(t, {
      name: 'spam . com',
      activated: false,
      email: freshEmail(),
    });
    const res = await m.client.call({
      method: 'DELETE',
      url: '/api/user.php',
      payload: { password: m.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await mailTo(m.email);
    expect(firstLine(mail)).toBe('Hi,');
    expect(whole(mail)).not.toContain('spam . com');
  });

  it('service form: the confirmation says "Hallo,"; staff see the name as typed', async () => {
    for (const name of ['Ada', 'ring 0612 345 678']) {
      const email = freshEmail();
      const res = await new Client(t.app).call({
        method: 'POST',
        url: '/api/service-request.php',
        remoteAddress: freshIp(),
        payload: {
          kind: 'question',
          topic: 'other',
          name,
          email,
          message: 'A question that is long enough to send.',
          language: 'de',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const mail = await mailTo(email);
      expect(firstLine(mail), name).toBe('Hallo,');
      expect(whole(mail), name).not.toContain(name);
      // The support team's copy goes to our own address: it names the sender as typed.
      const staff = sink.mails.filter((sent) => sent.text?.includes(email));
      expect(
        staff.some((sent) => sent.text?.includes(name)),
        name,
      ).toBe(true);
    }
  });
});
