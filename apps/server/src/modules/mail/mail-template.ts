import type { Locale } from '@amora/shared/constants';
import type { z } from 'zod';
import type { RenderContext, RenderedMail } from './mail-layout.js';

/** One kind of mail: the data it is queued with, which of it is secret, and how it reads. */
export interface MailTemplate<Name extends string, Data extends z.ZodObject> {
  name: Name;
  data: Data;
  /** Data keys that hold a secret (a token in a link), dropped from the row once it is done. */
  secretKeys: readonly (keyof z.infer<Data> & string)[];
  render(locale: Locale, data: z.infer<Data>, context: RenderContext): RenderedMail;
}

export const defineMailTemplate = <Name extends string, Data extends z.ZodObject>(
  template: MailTemplate<Name, Data>,
) => template;
