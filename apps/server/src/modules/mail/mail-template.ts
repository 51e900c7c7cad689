import type { Locale } from '@amora/shared/constants';
import { z } from 'zod';
import {
  type ActionMailTexts,
  type RenderContext,
  type RenderedMail,
  renderActionMail,
  type SignOff,
} from './mail-layout.js';

/** One kind of mail: the data it is queued with, which of it is secret, and how it reads. */
export interface MailTemplate<Name extends string, Data extends z.ZodObject> {
  name: Name;
  data: Data;
  /** Data keys that hold a secret (a token in a link), dropped from the row once it is done. */
  secretKeys: readonly (keyof z.infer<Data> & string)[];
  /**
   * The mail goes to an address the requester typed (signup, reset, a new address, the
   * service form), which may be a stranger's: a `name` that looks like a link is left out
   * of it (see `renderMail`).
   */
  toTypedAddress?: boolean;
  /**
   * `data.name` is who wrote to us, not whom the mail greets (the support team's copy): it
   * stays as written. In every other mail it is the greeting (see `mail-greeting.ts`).
   */
  namesSender?: boolean;
  render(locale: Locale, data: z.infer<Data>, context: RenderContext): RenderedMail;
}

export const defineMailTemplate = <Name extends string, Data extends z.ZodObject>(
  template: MailTemplate<Name, Data>,
) => template;

/** The data of a mail whose button is a single-use link that works for some hours. */
const linkMailData = z.object({
  name: z.string(),
  /** Path and query of the link (it carries the token). */
  linkPath: z.string().startsWith('/'),
  validHours: z.number().int().positive(),
});

/**
 * A mail that greets the member and offers one single-use link (activation, password
 * reset): `{name}` and `{hours}` are filled in, and the link is dropped once it is sent.
 */
export const defineLinkMail = <Name extends string>(
  name: Name,
  texts: Record<Locale, ActionMailTexts>,
  options: { toTypedAddress?: boolean; signOff?: SignOff } = {},
) =>
  defineMailTemplate({
    name,
    data: linkMailData,
    secretKeys: ['linkPath'],
    toTypedAddress: options.toTypedAddress,
    render: (locale, data, context) =>
      renderActionMail(
        locale,
        texts[locale],
        { name: data.name, hours: String(data.validHours) },
        { path: data.linkPath },
        context,
        { signOff: options.signOff },
      ),
  });

/**
 * A notice about the member's account that greets them by `{name}` and whose button leads
 * to a fixed page of the site (what to do when it was not them): nothing in it is secret.
 */
export const defineNoticeMail = <Name extends string>(
  name: Name,
  texts: Record<Locale, ActionMailTexts>,
  buttonPath: `/${string}`,
  signOff?: SignOff,
) =>
  defineMailTemplate({
    name,
    data: z.object({ name: z.string() }),
    secretKeys: [],
    render: (locale, data, context) =>
      renderActionMail(locale, texts[locale], { name: data.name }, { path: buttonPath }, context, {
        signOff,
      }),
  });
