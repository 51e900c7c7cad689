import type { Transporter } from 'nodemailer';
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
  const url = config.smtpUrl;
  // Nodemailer loads with the first mail to send, not with every start (issue 24).
  let transporter: Promise<Transporter> | null = null;
  const opened = () => {
    transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        // Bounded waits: a hanging server must not hold a job past its lock.
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      }),
    );
    return transporter;
  };
  return {
    kind: 'smtp',
    async send(mail) {
      await (await opened()).sendMail({ from: config.mailFrom, ...mail });
    },
    close() {
      void transporter?.then((open) => open.close());
    },
  };
}
