import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config/config.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one rendered mail; a rejected promise means "not sent, try again later". */
export interface MailTransport {
  /** `dev-outbox`: nothing leaves the machine; the outbox row is the mailbox. */
  readonly kind: 'smtp' | 'dev-outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Nodemailer over SMTP_URL, or, without it, the development outbox: sending "succeeds"
 * and the rendered mail stays in its outbox row, shown at /_dev/mailbox.
 */
export function createMailTransport(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>,
): MailTransport {
  if (!config.smtpUrl) {
    return { kind: 'dev-outbox', send: async () => {}, close() {} };
  }
  const transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    // Bounded waits: a hanging server must not hold a job past its lock.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from: config.mailFrom, ...mail });
    },
    close() {
      transporter.close();
    },
  };
}
