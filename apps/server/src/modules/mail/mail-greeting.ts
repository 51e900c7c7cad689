import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { greetsByName, type MailPayload } from './mail-templates.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A mail greets by name only a member at an address they confirmed: the member it is
 * about (`recipientId`) has followed an activation or change link, and the mail goes to
 * their address as it is now. Every other mail (the activation mail, a new address, the
 * service form, an account nobody confirmed) says "Hi," without a name, so nobody can
 * use our forms to send a stranger an advert as their name: a link, a phone number, a
 * domain written with spaces (issue 42). Applied once, as a mail is queued, so the outbox
 * row does not hold the name either.
 */
export async function withGreeting(
  db: Db,
  payload: MailPayload,
  recipientId: number | null,
): Promise<MailPayload> {
  if (!greetsByName(payload.template)) return payload;
  const data = payload.data as { name?: unknown };
  if (typeof data.name !== 'string' || data.name === '') return payload;
  const confirmed =
    recipientId !== null &&
    (await db
      .selectFrom('members')
      .select('id')
      .where('id', '=', recipientId)
      .where('email', '=', payload.to)
      .where('activated_at', 'is not', null)
      .executeTakeFirst()) !== undefined;
  return confirmed ? payload : ({ ...payload, data: { ...payload.data, name: '' } } as MailPayload);
}
