import { LOCALES } from '@amora/shared/constants';
import { describe, expect, it } from 'vitest';
import { GREETING_WITHOUT_NAME } from './mail-layout.js';
import {
  type MailPayload,
  type MailTemplateName,
  mailPayloadSchema,
  mailsTypedAddress,
  renderMail,
} from './mail-templates.js';

const context = { siteName: 'Amora', publicUrl: 'https://amora.example' };
/** A name that must come out escaped in HTML and as written in text. */
const NAME = 'Zoë <b>&</b>';
const link = { linkPath: '/activate?token=abc', validHours: 48 };

/** One payload of every template the product sends. */
const SAMPLES: Omit<MailPayload, 'to' | 'locale'>[] = [
  { template: 'activation', data: { name: NAME, ...link } },
  { template: 'password_reset', data: { name: NAME, ...link } },
  { template: 'password_changed', data: { name: NAME } },
  {
    template: 'email_change_confirm',
    data: { name: NAME, newEmail: 'new@example.com', ...link },
  },
  {
    template: 'email_change_notice',
    data: { name: NAME, newEmail: 'new@example.com', linkPath: '/undo?token=x', validDays: 7 },
  },
  { template: 'email_change_undone', data: { name: NAME, ...link } },
  {
    template: 'digest',
    data: { name: NAME, likes: 2, messages: 3, unsubscribePath: '/unsubscribe?sig=x' },
  },
  { template: 'account_deleted', data: { name: NAME } },
  { template: 'failed_logins_alert', data: { name: NAME, failures: 100 } },
  {
    template: 'service_request_received',
    data: { name: NAME, reference: 'Q-7', kind: 'question' },
  },
  {
    template: 'service_request_staff',
    data: {
      reference: 'C-8',
      kind: 'complaint',
      topic: 'blocked',
      name: NAME,
      email: 'zoe@example.com',
      memberId: 12,
      language: 'de',
      message: 'Line one\nLine <two>',
    },
  },
  {
    template: 'payment_receipt',
    data: {
      name: NAME,
      orderId: '0b7f6c1e-5d2a-4c3b-9e8f-1a2b3c4d5e6f',
      credits: 50,
      premiumDays: 0,
      amount: 1750,
      currency: 'EUR',
      waivedWithdrawal: true,
      vatCountry: 'NL',
      vatRate: 21,
      netAmount: 1446,
    },
  },
  {
    template: 'payment_refund',
    data: {
      name: NAME,
      orderId: '0b7f6c1e-5d2a-4c3b-9e8f-1a2b3c4d5e6f',
      chargeback: false,
      amount: 875,
      currency: 'EUR',
      creditsTaken: 20,
      creditsOwed: 5,
      premiumEnded: false,
    },
  },
] as Omit<MailPayload, 'to' | 'locale'>[];

describe('mail templates', () => {
  it('has a sample here for every template the outbox accepts', () => {
    for (const sample of SAMPLES) {
      const parsed = mailPayloadSchema.safeParse({ to: 'a@example.com', locale: 'en', ...sample });
      expect(parsed.success, sample.template).toBe(true);
    }
    const unknown = { to: 'a@example.com', locale: 'en', template: 'nope', data: {} };
    expect(mailPayloadSchema.safeParse(unknown).success).toBe(false);
  });

  for (const locale of LOCALES) {
    it(`renders every mail in ${locale} with every placeholder filled and the name escaped`, () => {
      const subjects = new Set<string>();
      for (const sample of SAMPLES) {
        const payload = { to: 'a@example.com', locale, ...sample } as MailPayload;
        const mail = renderMail(payload, context);
        for (const part of [mail.subject, mail.text, mail.html]) {
          expect(part, `${sample.template} ${locale}`).not.toMatch(/\{\w+\}/);
        }
        expect(mail.subject).toContain('Amora');
        expect(mail.text).toContain(NAME);
        expect(mail.html).toContain('Zoë &lt;b&gt;&amp;&lt;/b&gt;');
        expect(mail.html).not.toContain('<b>&</b>');
        expect(mail.html).toContain(`lang="${locale}"`);
        expect(mail.text).toContain('https://amora.example/');
        subjects.add(mail.subject);
      }
      // Each kind of mail is told apart by its subject.
      expect(subjects.size).toBe(SAMPLES.length);
    });
  }
});

describe('the greeting of mails to an address the requester typed', () => {
  const TYPED: MailTemplateName[] = [
    'activation',
    'password_reset',
    'email_change_confirm',
    'service_request_received',
  ];
  const withName = (sample: (typeof SAMPLES)[number], name: string, locale = 'en') =>
    ({
      to: 'a@example.com',
      locale,
      ...sample,
      data: { ...sample.data, name },
    }) as MailPayload;

  it('is applied to exactly the mails that go to a typed address', () => {
    expect(SAMPLES.map((s) => s.template).filter(mailsTypedAddress)).toEqual(TYPED);
  });

  for (const locale of LOCALES) {
    it(`leaves out a name that looks like a link, in ${locale}`, () => {
      for (const sample of SAMPLES.filter((s) => TYPED.includes(s.template))) {
        for (const name of ['visit www.spam.com', 'win.cash', 'http://x.y', 'me@spam']) {
          const mail = renderMail(withName(sample, name, locale), context);
          for (const part of [mail.subject, mail.text, mail.html]) {
            expect(part, `${sample.template} ${name}`).not.toContain(name);
          }
          expect(mail.text.split('\n')[0]).toBe(GREETING_WITHOUT_NAME[locale]);
          expect(mail.html).toContain(`>${GREETING_WITHOUT_NAME[locale]}</h1>`);
        }
        // An ordinary name stays where it was.
        const normal = renderMail(withName(sample, 'Noor', locale), context);
        expect(normal.text.split('\n')[0]).toContain('Noor');
      }
    });
  }

  it('keeps the name in mails to the member’s own (proven) address', () => {
    for (const sample of SAMPLES.filter((s) => !TYPED.includes(s.template))) {
      if (!('name' in sample.data) || sample.template === 'service_request_staff') continue;
      const mail = renderMail(withName(sample, 'win.cash'), context);
      expect(mail.text, sample.template).toContain('Hi win.cash,');
    }
  });

  it('greets without a name rather than with an empty one', () => {
    const mail = renderMail(withName(SAMPLES[2]!, '  '), context);
    expect(mail.text.split('\n')[0]).toBe('Hi,');
  });
});
