import type { LiveEvent } from '@amora/shared/schemas/live';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notifyMembers } from '../live/live-notify.js';
import { acknowledgeDelivery, chatCircle } from './conversation.repository.js';

/** How long a socket trusts the circle it loaded (a safety net: changes also reload it). */
export const CIRCLE_TTL_MS = 60_000;
/** A frame for a conversation the circle lacks reloads it at most this often. */
const MISS_RELOAD_MS = 5_000;
/**
 * Typing frames a socket may pass on for one conversation in a burst; after that one per
 * second (a tab sends one every 3 s: this only stops a flood of NOTIFYs).
 */
const TYPING_BURST = 3;
const TYPING_REFILL_MS = 1_000;

interface Circle {
  /** The member's conversations and the other member of each. */
  others: Map<number, number>;
  /** Members blocked either way. */
  blocked: Set<number>;
  loadedAt: number;
}

/**
 * One live socket's side of the chat's live signs (issue 49, docs/decisions/061): typing
 * frames go to the other participant of the conversation, checked against the member's
 * circle (their conversations and blocks) loaded once and kept in the socket, not queried
 * per frame; it loads again when it expires, when a block is made or lifted (the hub's
 * `circle` notice), when a chat list change or a message of an unknown conversation passes
 * by, and (at most every few seconds) for a conversation it does not know. Acknowledgements
 * move the delivered mark, one statement each.
 */
export class ChatLiveSigns {
  private circle: Promise<Circle> | null = null;
  private stale = false;
  /** Per conversation: frames left to pass now, as of `at`. */
  private readonly allowance = new Map<number, { left: number; at: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly memberId: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** What passed this socket: changes of the circle make it load again at the next frame. */
  heard(event: LiveEvent | 'circle'): void {
    if (event === 'circle' || event.type === 'chats') this.stale = true;
    else if (event.type === 'message' && this.circle) {
      const conversation = event.message.conversation;
      void this.circle.then(
        (circle) => {
          if (!circle.others.has(conversation)) this.stale = true;
        },
        () => {},
      );
    }
  }

  /** The member types in `conversation`: the other participant's tabs hear it, unless blocked. */
  async typing(conversation: number): Promise<void> {
    const at = this.now();
    const before = this.allowance.get(conversation) ?? { left: TYPING_BURST, at };
    const left = Math.min(
      TYPING_BURST,
      before.left + Math.floor((at - before.at) / TYPING_REFILL_MS),
    );
    if (left < 1) return;
    let circle = await this.load(false);
    if (!circle.others.has(conversation) && at - circle.loadedAt > MISS_RELOAD_MS) {
      circle = await this.load(true);
    }
    const other = circle.others.get(conversation);
    if (other === undefined || circle.blocked.has(other)) return;
    this.allowance.set(conversation, { left: left - 1, at });
    await notifyMembers(this.db, [other], {
      type: 'typing',
      conversation,
      member: this.memberId,
    });
  }

  /** A tab of the member received `message` live: delivered, and its sender's tabs hear it. */
  async ack(message: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const moved = await acknowledgeDelivery(trx, this.memberId, message);
      if (!moved) return;
      await notifyMembers(trx, [moved.senderId], {
        type: 'delivered',
        conversation: moved.conversationId,
        recipient: this.memberId,
        message,
      });
    });
  }

  private load(force: boolean): Promise<Circle> {
    const expired = (c: Circle) => this.now() - c.loadedAt > CIRCLE_TTL_MS;
    if (this.circle && !force && !this.stale) {
      return this.circle.then((circle) => (expired(circle) ? this.load(true) : circle));
    }
    this.stale = false;
    const loading = chatCircle(this.db, this.memberId).then((c) => ({
      ...c,
      loadedAt: this.now(),
    }));
    this.circle = loading;
    // A failed load is not kept: the next frame tries again.
    loading.catch(() => {
      if (this.circle === loading) this.circle = null;
    });
    return loading;
  }
}
