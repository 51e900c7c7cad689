import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { textLocale } from '../../lib/locale-text.js';
import { isBlockedBetween } from '../members/blocks.repository.js';
import { type PushJob, pushJobSchema } from '../notifications/push-outbox.js';
import { readVapidKeys } from '../site/secrets.js';
import { appBadge } from './app-badge.js';
import { isAllowedPushEndpoint } from './push-service-hosts.js';
import {
  deletePushSubscription,
  listPushSubscriptions,
  markPushSuccess,
} from './push-subscription.repository.js';
import { likePushText, messagePushText } from './push-texts.js';

/** What the service worker receives (`/sw-push.js` reads it). */
export interface PushMessage {
  title: string;
  body: string;
  /** Same-origin path the notification opens. */
  url: string;
  /**
   * `message-<id>` for a message (also its Web Push Topic), `likes` for likes: a push sent
   * twice (a job repeated after a crash) replaces its notification rather than adding one.
   */
  tag: string;
  /** Unread messages plus new likes: the app icon's badge. */
  badge: number;
}

/** Seconds a push service keeps an undelivered message (a day: later it is stale). */
const TTL_SECONDS = 24 * 60 * 60;

/** The VAPID subject: the site when it is on https, else the sender address of our mail. */
export function vapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}

/** The notification for a job, in the member's language; null when there is nothing to say. */
async function composePush(
  db: Kysely<Database>,
  memberId: number,
  job: PushJob,
): Promise<PushMessage | null> {
  const people = await db
    .selectFrom('profiles')
    .innerJoin('members', 'members.id', 'profiles.member_id')
    .select(['profiles.member_id', 'profiles.name', 'profiles.language', 'members.status'])
    .where('profiles.member_id', 'in', [memberId, job.actor])
    .execute();
  const recipient = people.find((p) => p.member_id === memberId);
  const actor = people.find((p) => p.member_id === job.actor);
  if (recipient?.status !== 'active' || actor?.status !== 'active') return null;
  // Queued before one blocked the other: nothing about the other reaches them any more.
  if (await isBlockedBetween(db, memberId, job.actor)) return null;
  const locale = textLocale(recipient.language);
  const badge = await appBadge(db, memberId);
  if (job.kind === 'like') {
    return { ...likePushText(locale, actor.name), url: '/likes', tag: 'likes', badge };
  }
  const gathered = await db
    .selectFrom('notifications')
    .select('count')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'message')
    .where('conversation_id', '=', job.conversation)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  // Read meanwhile (the member opened the chat): no push for what they have seen.
  if (!gathered) return null;
  const removed =
    job.message !== undefined &&
    (await db
      .selectFrom('messages')
      .select('id')
      .where('id', '=', job.message)
      .where('removed_at', 'is not', null)
      .executeTakeFirst()) !== undefined;
  return {
    ...messagePushText(locale, actor.name, job.preview, gathered.count, removed),
    url: `/chats/${job.conversation}`,
    tag: job.message === undefined ? `chat-${job.conversation}` : `message-${job.message}`,
    badge,
  };
}

export type PushOutcome =
  | { status: 'sent' }
  | { status: 'retry'; error: string }
  | { status: 'give-up'; error: string };

/**
 * Sends one push job to every browser the member subscribed: encrypted and signed by
 * web-push (`generateRequestDetails`), posted with fetch. A subscription the push service
 * calls gone (404/410) is removed; when no browser took it and some may later, it is retried.
 */
export async function deliverPushJob(
  db: Kysely<Database>,
  job: { memberId: number | null; payload: unknown },
  options: { subject: string; allowedHosts: readonly string[]; log: FastifyBaseLogger },
): Promise<PushOutcome> {
  const parsed = pushJobSchema.safeParse(job.payload);
  if (!parsed.success || job.memberId === null) {
    return { status: 'give-up', error: 'unreadable push job' };
  }
  const message = await composePush(db, job.memberId, parsed.data);
  const subscriptions = await listPushSubscriptions(db, job.memberId);
  if (!message || subscriptions.length === 0) return { status: 'sent' };
  const vapid = await readVapidKeys(db);
  // Loaded with the first push to send, not with every start (issue 24).
  const { default: webpush } = await import('web-push');
  const body = JSON.stringify(message);
  let delivered = 0;
  const errors: string[] = [];
  for (const subscription of subscriptions) {
    // Stored before the list of services changed, say: never posted to.
    if (!isAllowedPushEndpoint(subscription.endpoint, options.allowedHosts)) continue;
    try {
      const request = webpush.generateRequestDetails(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        body,
        {
          TTL: TTL_SECONDS,
          vapidDetails: { subject: options.subject, ...vapid },
          urgency: parsed.data.kind === 'message' ? 'high' : 'normal',
          // At most 32 URL-safe base64 characters (RFC 8030): `message-` and an id fit.
          topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
        },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        // Only the checked endpoint is posted to: a redirect would send the server to an
        // address the push service (or whoever answers for its host) chose.
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status === 404 || response.status === 410) {
        await deletePushSubscription(db, subscription.endpoint);
        options.log.info({ subscription: subscription.id }, 'push: subscription gone, removed');
      } else if (response.ok) {
        delivered += 1;
        await markPushSuccess(db, subscription.id);
      } else {
        errors.push(`HTTP ${response.status}`);
      }
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  if (delivered > 0 || errors.length === 0) return { status: 'sent' };
  return { status: 'retry', error: errors.join('; ') };
}
