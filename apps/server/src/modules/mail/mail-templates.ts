import { nameLooksLikeLink } from '@amora/shared/rules/link-like-name';
import { z } from 'zod';
import { textLocale } from '../../lib/locale-text.js';
import type { RenderContext, RenderedMail } from './mail-layout.js';
import type { MailTemplate } from './mail-template.js';
import { accountDeletedMail } from './templates/account-deleted.js';
import { activationMail } from './templates/activation.js';
import { digestMail } from './templates/digest.js';
import { emailChangeConfirmMail } from './templates/email-change-confirm.js';
import { emailChangeNoticeMail } from './templates/email-change-notice.js';
import { emailChangeUndoneMail } from './templates/email-change-undone.js';
import { failedLoginsAlertMail } from './templates/failed-logins-alert.js';
import { passwordChangedMail } from './templates/password-changed.js';
import { passwordResetMail } from './templates/password-reset.js';
import { paymentReceiptMail } from './templates/payment-receipt.js';
import { paymentRefundMail } from './templates/payment-refund.js';
import { serviceRequestReceivedMail } from './templates/service-request-received.js';
import { serviceRequestStaffMail } from './templates/service-request-staff.js';
import { staffWarningMail } from './templates/staff-warning.js';

export type { RenderContext, RenderedMail } from './mail-layout.js';

/** Every kind of mail the product sends; add a template here to make it queueable. */
const TEMPLATES = [
  activationMail,
  passwordResetMail,
  passwordChangedMail,
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  emailChangeUndoneMail,
  digestMail,
  accountDeletedMail,
  serviceRequestReceivedMail,
  serviceRequestStaffMail,
  paymentReceiptMail,
  paymentRefundMail,
  failedLoginsAlertMail,
  staffWarningMail,
] as const;

type AnyTemplate = (typeof TEMPLATES)[number];

const payloadOf = <T extends AnyTemplate>(template: T) =>
  z.object({
    to: z.email(),
    locale: z.string(),
    template: z.literal(template.name as T['name']),
    data: template.data as T['data'],
  });

/** The outbox payload of a mail: who, in which language, which template, with what. */
export type MailPayload = {
  [T in AnyTemplate as T['name']]: {
    to: string;
    locale: string;
    template: T['name'];
    data: z.infer<T['data']>;
  };
}[AnyTemplate['name']];

// zod cannot infer a discriminated union from a mapped list, so the type is stated above.
export const mailPayloadSchema = z.discriminatedUnion(
  'template',
  TEMPLATES.map(payloadOf) as unknown as [
    ReturnType<typeof payloadOf<AnyTemplate>>,
    ...ReturnType<typeof payloadOf<AnyTemplate>>[],
  ],
) as unknown as z.ZodType<MailPayload>;
export type MailTemplateName = MailPayload['template'];

const BY_NAME = new Map<string, MailTemplate<string, z.ZodObject>>(
  TEMPLATES.map((template) => [template.name, template as MailTemplate<string, z.ZodObject>]),
);

/** Data keys that hold a secret (a token in a link), dropped from a row once it is done. */
export function secretDataKeys(template: MailTemplateName): readonly string[] {
  return BY_NAME.get(template)?.secretKeys ?? [];
}

/**
 * Renders a mail in the payload's language (falling back to English). A mail to an
 * address the requester typed leaves out a name that looks like a link (the greeting then
 * has no name): the one place this rule is applied, for every such template.
 */
export function renderMail(payload: MailPayload, context: RenderContext): RenderedMail {
  const template = BY_NAME.get(payload.template);
  if (!template) throw new Error(`No mail template named ${payload.template}`);
  const data: Record<string, unknown> = payload.data;
  const safe =
    template.toTypedAddress && typeof data.name === 'string' && nameLooksLikeLink(data.name)
      ? { ...data, name: '' }
      : data;
  return template.render(textLocale(payload.locale), safe, context);
}

/** Whether the template's `data.name` is whom it greets (see `mail-greeting.ts`). */
export function greetsByName(template: MailTemplateName): boolean {
  const found = BY_NAME.get(template);
  return found !== undefined && 'name' in found.data.shape && found.namesSender !== true;
}

/** Whether the template mails an address the requester typed (see `MailTemplate`). */
export const mailsTypedAddress = (template: MailTemplateName) =>
  BY_NAME.get(template)?.toTypedAddress === true;
