import { FALLBACK_LOCALE, type Locale } from '@amora/shared/constants';
import type {
  ServiceRequestInput,
  ServiceRequestResponse,
} from '@amora/shared/schemas/service-requests';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addressKey } from '../../lib/client-address.js';
import { badRequest, tooManyRequests } from '../../lib/errors.js';
import { countRecentAttempts, recordAttempt } from '../auth/auth-attempts.repository.js';
import { enqueueMail } from '../mail/mail-outbox.repository.js';
import { findActiveMemberById } from '../members/member.repository.js';
import { insertServiceRequest } from './service-request.repository.js';

export interface ServiceRequestOptions {
  memberId: number | null;
  ip: string;
  support: { email: string; language: Locale };
  limit: { enabled: boolean; perHour: number };
}

/** Kind of the `auth_attempts` rows that count requests per client address (one hour). */
const SERVICE_REQUEST = 'service_request';

/** `C-1042` for a complaint, `Q-1042` for a question: what the sender quotes later. */
const referenceOf = (kind: ServiceRequestInput['kind'], id: number) =>
  `${kind === 'complaint' ? 'C' : 'Q'}-${id}`;

/**
 * Stores a question or complaint and queues, in the same transaction, one mail to the
 * support team and a confirmation to the sender. A logged-in member is answered at the
 * account's address; a visitor must give one.
 */
export async function sendServiceRequest(
  db: Kysely<Database>,
  input: ServiceRequestInput,
  options: ServiceRequestOptions,
): Promise<ServiceRequestResponse> {
  const member =
    options.memberId === null ? null : await findActiveMemberById(db, options.memberId);
  const email = member?.email ?? input.email;
  if (!email) {
    throw badRequest('invalid_input', 'email: Value is required', {
      email: 'Value is required',
    });
  }
  const client = addressKey(options.ip);
  const recent = options.limit.enabled
    ? await countRecentAttempts(db, SERVICE_REQUEST, client, 60)
    : 0;
  if (recent >= options.limit.perHour) {
    throw tooManyRequests('You have sent several messages already, please try again in an hour');
  }
  const language = input.language ?? FALLBACK_LOCALE;
  return db.transaction().execute(async (trx) => {
    const id = await insertServiceRequest(trx, {
      kind: input.kind,
      topic: input.topic,
      member_id: member?.id ?? null,
      name: input.name,
      email,
      language,
      message: input.message,
      ip: options.ip,
    });
    await recordAttempt(trx, SERVICE_REQUEST, client);
    const reference = referenceOf(input.kind, id);
    await enqueueMail(trx, {
      memberId: null,
      payload: {
        to: options.support.email,
        locale: options.support.language,
        template: 'service_request_staff',
        data: {
          reference,
          kind: input.kind,
          topic: input.topic,
          name: input.name,
          email,
          memberId: member?.id ?? null,
          language,
          message: input.message,
        },
      },
    });
    await enqueueMail(trx, {
      memberId: member?.id ?? null,
      payload: {
        to: email,
        locale: language,
        template: 'service_request_received',
        data: { name: input.name, reference, kind: input.kind },
      },
    });
    return { reference };
  });
}
