import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobHandler, JobOutcome } from '../../lib/job-contract.js';
import { readStoredSettings } from '../site/site.repository.js';
import {
  type MailPayload,
  mailPayloadSchema,
  type RenderedMail,
  renderMail,
  secretDataKeys,
} from './mail-templates.js';
import type { MailTransport } from './mail-transport.js';

/** Mails whose record goes once sent or given up (their address is a deleted account's). */
const ERASED_AFTER_SENDING = new Set<MailPayload['template']>(['account_deleted']);

/** The row's payload without the secrets its mail carried (a token in a link). */
function withoutSecrets(payload: MailPayload): Record<string, unknown> {
  const data: Record<string, unknown> = { ...payload.data };
  for (const key of secretDataKeys(payload.template)) delete data[key];
  return { ...payload, data };
}

const errorText = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/**
 * Sends `mail` jobs: rendered in the member's language when they are sent, so a mail
 * retried later still reads right. A dev-outbox row keeps its rendered mail and link for
 * /_dev/mailbox; a mail that went out over SMTP keeps neither, so the table never holds a
 * usable link.
 */
export function mailJobHandler(deps: {
  db: Kysely<Database>;
  transport: MailTransport;
  /** PUBLIC_URL: links in mail are made absolute with it. */
  publicUrl: string;
  log: FastifyBaseLogger;
}): JobHandler {
  const keepRendered = deps.transport.kind === 'dev-outbox';
  return {
    async run(job): Promise<JobOutcome> {
      const parsed = mailPayloadSchema.safeParse(job.payload);
      if (!parsed.success) {
        return {
          status: 'failed',
          error: `invalid payload: ${parsed.error.message}`,
          retry: false,
        };
      }
      const payload = parsed.data;
      const erased = ERASED_AFTER_SENDING.has(payload.template) && !keepRendered;
      let rendered: RenderedMail | null = null;
      try {
        const settings = await readStoredSettings(deps.db);
        rendered = renderMail(payload, { siteName: settings.name, publicUrl: deps.publicUrl });
        await deps.transport.send({ to: payload.to, ...rendered });
      } catch (error) {
        if (job.lastTry && erased) return { status: 'erase' };
        return {
          status: 'failed',
          error: errorText(error),
          retry: true,
          record: {
            rendered: keepRendered ? rendered : null,
            ...(job.lastTry && !keepRendered ? { payload: withoutSecrets(payload) } : {}),
          },
        };
      }
      deps.log.info({ outboxId: job.id, template: payload.template }, 'outbox: mail sent');
      // The goodbye to a deleted account: its address is kept nowhere once it went out.
      if (erased) return { status: 'erase' };
      return {
        status: 'done',
        record: keepRendered ? { rendered } : { rendered: null, payload: withoutSecrets(payload) },
      };
    },
  };
}
