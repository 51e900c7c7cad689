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
 * Mails to an address the requester typed (signup, password reset, a new address, the
 * service form) leave a name that looks like a link out of the greeting: nobody can use
 * our forms to mail a stranger an advert. Checked on the mails as the SMTP server gets them.
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

describe('the greeting of mails to an address the requester typed', () => {
  it('signup: the activation mail leaves out "visit www.spam.com", keeps "Noor"', async () => {
    const spam = await mailTo(await signUp('visit www.spam.com'));
    expect(spam.subject).toBe('Activate your Amora account');
    expect(firstLine(spam)).toBe('Hi,');
    expect(whole(spam)).not.toContain('spam.com');

    const normal = await mailTo(await signUp('Noor'));
    expect(firstLine(normal)).toBe('Hi Noor,');
    expect(normal.html).toContain('Hi Noor,');
  });

  it('password reset: a reset asked for by address leaves out "win.cash"', async () => {
    const member = await createMember(t.db, { name: 'win.cash', email: freshEmail() });
    const res = await new Client(t.app).call({
      method: 'POST',
      url: '/api/password-reset.php',
      remoteAddress: freshIp(),
      payload: { email: member.email },
    });
    expect(res.statusCode).toBe(200);
    const mail = await mailTo(member.email);
    expect(mail.subject).toBe('Reset your Amora password');
    expect(firstLine(mail)).toBe('Hi,');
    expect(whole(mail)).not.toContain('win.cash');
  });

  it('e-mail change: the mail to the new address leaves out "mail me@spam.example"', async () => {
    const m = await logInNewMember(t, { name: 'mail me@spam.example' });
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
    expect(whole(mail)).not.toContain('spam.example');
  });

  it('service form: the confirmation leaves out "https://spam", keeps "Ada"; staff see both', async () => {
    const send = async (name: string) => {
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
      return mailTo(email);
    };
    const spam = await send('go to https://spam');
    expect(firstLine(spam)).toBe('Hallo,');
    expect(whole(spam)).not.toContain('https://spam');
    const normal = await send('Ada');
    expect(firstLine(normal)).toBe('Hallo Ada,');
    // The support team's copy goes to our own address: it names the sender as typed.
    const staff = sink.mails.filter((mail) => mail.text?.includes('go to https://spam'));
    expect(staff.length).toBeGreaterThan(0);
  });
});
