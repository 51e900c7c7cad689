import type { OrderStatus } from '@amora/shared/schemas/orders';
import type { ReportReason } from '@amora/shared/schemas/safety';
import type { VerificationRejectReason } from '@amora/shared/schemas/verification';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps come back as Date on both drivers; they may be written as Date or ISO text. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Json<T> = ColumnType<T, string, string>;

export type MemberStatus = 'active' | 'banned' | 'deleted';

export interface MembersTable {
  id: Generated<number>;
  /** Lower-cased; kept when the account is deleted, so the address reports status `deleted`. */
  email: string | null;
  password_hash: string | null;
  status: ColumnType<MemberStatus, MemberStatus | undefined, MemberStatus>;
  activated_at: NullableTimestamp;
  signup_date: Timestamp;
  last_active_at: Timestamp;
  paid_until: NullableTimestamp;
  credits: ColumnType<number, number | undefined, number>;
  mailprovider: ColumnType<number, number | undefined, number>;
  timezone: string | null;
  last_signup_step: number | null;
  fictional: ColumnType<boolean, boolean | undefined, boolean>;
  /** Traffic source and affiliate parameters the member arrived with. */
  tracking: Json<Record<string, string>>;
  signup_ip: string | null;
  deleted_at: NullableTimestamp;
  /** When the last digest mail went out (at most one a day). */
  digest_sent_at: NullableTimestamp;
  /** Unsubscribed from digest mails through the link in one. */
  digest_opt_out: ColumnType<boolean, boolean | undefined, boolean>;
  /** The profile country at the first order: whose prices the member pays (issue 15). */
  price_country: string | null;
  /** Credits a refund or chargeback could not take back; paid off by the next purchase. */
  credits_owed: ColumnType<number, number | undefined, number>;
  /** The member chose to see photos the classifier flagged without the blur. */
  show_flagged_photos: ColumnType<boolean, boolean | undefined, boolean>;
  /** A deleted account's address, only as an HMAC (modules/account/erased-email.ts). */
  email_hmac: ColumnType<string | null, string | null | undefined, string | null>;
  /** The address's canonical form (`canonicalEmail`), compared with banned accounts at signup. */
  email_canonical: ColumnType<string | null, string | null | undefined, string | null>;
  /** An erased banned account's canonical address, only as an HMAC (account/banned-email.ts). */
  banned_email_hmac: ColumnType<string | null, string | null | undefined, string | null>;
  /** A stored staff role; admins come from ADMIN_EMAILS (modules/members/staff-role.ts). */
  staff_role: ColumnType<'moderator' | null, 'moderator' | null | undefined, 'moderator' | null>;
  /** What staff wrote when banning: shown to the member at login. */
  ban_reason: ColumnType<string | null, string | null | undefined, string | null>;
  banned_at: NullableTimestamp;
  /** When a person approved the member's verification selfie (issue 48); null: not verified. */
  verified_at: NullableTimestamp;
  /** Only verified members may start a conversation with the member or write to them. */
  verified_contact_only: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface ProfilesTable {
  member_id: number;
  name: string;
  gender: 'male' | 'female' | null;
  date_of_birth: ColumnType<string | null, string | null | undefined, string | null>;
  country: string | null;
  countryregion: string | null;
  city: string | null;
  language: string;
  main_image_id: number | null;
  notes: Json<Record<string, string>>;
  fields: Json<Record<string, string>>;
  interests: Json<string[]>;
  updated_at: Timestamp;
}

export type ImageScreening = 'pending' | 'clean' | 'flagged';

export interface ImagesTable {
  id: Generated<number>;
  member_id: number;
  filename: string;
  thumb_filename: string;
  position: number;
  created_at: Timestamp;
  /** `pending`: shown to its owner only until the classifier has seen it (issue 18). */
  screening: ColumnType<ImageScreening, ImageScreening | undefined, ImageScreening>;
  /** P(Porn) + P(Hentai); null until classified. */
  nudity_score: ColumnType<number | null, number | null | undefined, number | null>;
  screened_at: NullableTimestamp;
  /** The blurred copies of a flagged photo, under names of their own. */
  blurred_filename: ColumnType<string | null, string | null | undefined, string | null>;
  blurred_thumb_filename: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The original and its thumbnail are in the private store (a flagged photo, decision 059):
   * they have no public address and are read through `/api/private-media.php`.
   */
  original_private: ColumnType<boolean, boolean | undefined, boolean>;
  /** When staff approved the photo; null while it waits in the photo queue. */
  reviewed_at: NullableTimestamp;
  reviewed_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value: a leaked table does not hand out sessions. */
  id: string;
  member_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  user_agent: string | null;
  ip: string | null;
  /** The session's last staff action or re-authentication (the 30-minute staff window). */
  staff_seen_at: NullableTimestamp;
}

export interface SettingsTable {
  key: string;
  value: Json<unknown>;
  /** Raised by every save from the console; a save naming an older one is refused. */
  version: ColumnType<number, number | undefined, number>;
}

export interface CompanyInfoTable {
  id: number;
  name: string;
  address: string;
  kvk: string;
  city: string;
  country: string;
  tradenames: Json<string[]>;
  vat_numbers: Json<string[]>;
  support_phone: string;
  delete_discount: number | null;
}

/** Failed logins and signups, counted per key within a window (rate limits that span instances). */
export interface AuthAttemptsTable {
  id: Generated<number>;
  kind: string;
  key: string;
  created_at: Timestamp;
}

/** One failed password check: the e-mail address tried and the client's `addressKey`. */
export interface LoginFailuresTable {
  id: Generated<number>;
  account: string;
  address: string;
  created_at: Timestamp;
}

/** When the owner of an account was last told that it is under attack (one mail a day). */
export interface LoginFailureAlertsTable {
  member_id: number;
  sent_at: Timestamp;
}

/** Hits of one kind from one key (a client address) within the hour starting `window_start`. */
export interface RateCountersTable {
  kind: string;
  key: string;
  window_start: Timestamp;
  hits: number;
}

/** Two members' chat; `member_low < member_high`, one conversation per pair. */
export interface ConversationsTable {
  id: Generated<number>;
  member_low: number;
  member_high: number;
  created_at: Timestamp;
  /** Creation or the newest message: the chats list's order. */
  last_activity_at: Timestamp;
  /** Who sent the first message, and when (null until then): the new-member brake counts these. */
  started_by: ColumnType<number | null, number | null | undefined, number | null>;
  started_at: NullableTimestamp;
}

/** One member's side of a conversation. */
export interface ConversationMembersTable {
  conversation_id: number;
  member_id: number;
  /** Messages from the other side with a higher id are unread; null: none read yet. */
  last_read_message_id: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * Messages from the other side up to this id reached a tab of this member (a live frame
   * acknowledged, or a page fetched; issue 49); null: none yet. Reading implies it.
   */
  last_delivered_message_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Removed from this member's list; it comes back with activity after this moment. */
  hidden_at: NullableTimestamp;
  /** When this member opened it from a profile: without messages, only such a member lists it. */
  opened_at: NullableTimestamp;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  text: string;
  created_at: Timestamp;
  /** `held`: stored and paid for, shown only to the sender until staff let it through. */
  status: ColumnType<MessageStatus, MessageStatus | undefined, MessageStatus>;
  /** SHA-256 (hex) of the normalised text (modules/chats/brakes.ts); null on old messages. */
  fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
  /** Written by the demo's fictional member in answer to a first message (demo mode only). */
  demo_reply: ColumnType<boolean, boolean | undefined, boolean>;
  /** The sender's key for this send (issue 44): a repeat with it answers this message. */
  client_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its sender unsent it (issue 49): `text` is emptied, the row stays. */
  removed_at: NullableTimestamp;
}

export type MessageStatus = 'sent' | 'held';

/** One member blocked another: nothing passes between them in either direction. */
export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: Timestamp;
}

export type ReportStatus = 'open' | 'closed';

/** A member's report of another, with evidence the subject cannot change afterwards. */
export interface ReportsTable {
  id: Generated<number>;
  /** Null once the account is erased; the report and its evidence stay. */
  reporter_id: number | null;
  subject_id: number | null;
  reason: ReportReason;
  text: string | null;
  conversation_id: number | null;
  image_id: number | null;
  /** The conversation's newest messages at the time of the report. */
  evidence_messages: ColumnType<EvidenceMessage[] | null, string | null | undefined, string | null>;
  /** A copy of the reported photo as earlier versions kept it; moved to `evidence_object` at start. */
  evidence_image: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  /** The private object holding a copy of the reported photo (decision 059). */
  evidence_object: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<ReportStatus, ReportStatus | undefined, ReportStatus>;
  created_at: Timestamp;
  closed_at: NullableTimestamp;
  /** The moderator working the report, until `claimed_until`. */
  claimed_by: ColumnType<number | null, number | null | undefined, number | null>;
  claimed_until: NullableTimestamp;
  closed_by: ColumnType<number | null, number | null | undefined, number | null>;
  resolution: ColumnType<
    ReportResolution | null,
    ReportResolution | null | undefined,
    ReportResolution | null
  >;
  note: ColumnType<string | null, string | null | undefined, string | null>;
  /** The reporter's standing when filing (issue 39): the queue orders by it after the category. */
  reporter_standing: ColumnType<number, number | undefined, number>;
}

export type ReportResolution = 'dismiss' | 'warn' | 'remove_photo' | 'ban';

/** One staff action; append-only in the database (docs/decisions/036). */
export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  staff_id: number;
  action: string;
  subject_id: number | null;
  reason: string | null;
}

export interface EvidenceMessage {
  id: number;
  sender: number;
  text: string;
  created_at: string;
  held?: boolean;
}

export interface LikesTable {
  liker_id: number;
  liked_id: number;
  created_at: Timestamp;
  /** When the liked member viewed the liker's profile; null means the like is new. */
  seen_at: NullableTimestamp;
}

export type OutboxKind = 'mail' | 'push' | 'photo_screen' | 'data_export' | 'media_delete';
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** A job for the outbox worker (mail now, push later); see docs/decisions/007. */
export interface OutboxTable {
  id: Generated<number>;
  kind: OutboxKind;
  member_id: ColumnType<number | null, number | null | undefined, number | null>;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  /** When the job is due; while it is being sent, when its lock runs out. */
  run_after: Timestamp;
  locked_until: NullableTimestamp;
  /** For mail: `{ to, locale, template, data }`. */
  payload: Json<Record<string, unknown>>;
  /** `{ subject, text, html }` as rendered, kept for the development mailbox. */
  rendered: ColumnType<
    { subject: string; text: string; html: string } | null,
    string | null | undefined,
    string | null
  >;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}

export type MemberTokenPurpose =
  | 'activation'
  | 'password_reset'
  | 'email_change'
  | 'email_change_undo';

/** A single-use token mailed to a member; only its SHA-256 is stored. */
export interface MemberTokensTable {
  id: Generated<number>;
  member_id: number;
  purpose: MemberTokenPurpose;
  token_hash: string;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** A browser's Web Push subscription, attached to the member who registered it last. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  member_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
  last_success_at: NullableTimestamp;
}

/**
 * Why credits moved: `opening` holds balances from before the ledger existed; `refund` and
 * `chargeback` take back what a paid-back order granted; `adjustment` pays off credits owed.
 */
export type CreditReason =
  | 'welcome'
  | 'message'
  | 'purchase'
  | 'opening'
  | 'refund'
  | 'chargeback'
  | 'adjustment';

/** One change of a member's credits; `members.credits` is the sum of their rows. */
export interface CreditLedgerTable {
  id: Generated<number>;
  member_id: number;
  /** Positive: credits in; negative: credits spent. Never 0. */
  amount: number;
  reason: CreditReason;
  /** The order a purchase, refund or chargeback row belongs to. */
  order_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/**
 * One row per member search may list (active, activated, with a profile and a date of
 * birth), kept by triggers from members, profiles and images (docs/decisions/009).
 * Read-only for the app.
 */
export interface SearchProfilesTable {
  member_id: number;
  last_active_at: Date;
  date_of_birth: string;
  gender: 'male' | 'female' | null;
  country: string | null;
  countryregion: string | null;
  has_photo: boolean;
}

/** A member's last manual search: its filter parameters as query-string values. */
export interface MemberSearchesTable {
  member_id: number;
  filters: Json<Record<string, string>>;
  updated_at: Timestamp;
}

export interface Database {
  members: MembersTable;
  profiles: ProfilesTable;
  images: ImagesTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  company_info: CompanyInfoTable;
  auth_attempts: AuthAttemptsTable;
  login_failures: LoginFailuresTable;
  login_failure_alerts: LoginFailureAlertsTable;
  rate_counters: RateCountersTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  likes: LikesTable;
  outbox: OutboxTable;
  member_tokens: MemberTokensTable;
  push_subscriptions: PushSubscriptionsTable;
  credit_ledger: CreditLedgerTable;
  search_profiles: SearchProfilesTable;
  member_searches: MemberSearchesTable;
  notifications: NotificationsTable;
  page_presence: PagePresenceTable;
  service_requests: ServiceRequestsTable;
  orders: OrdersTable;
  payment_events: PaymentEventsTable;
  discount_codes: DiscountCodesTable;
  discount_code_uses: DiscountCodeUsesTable;
  blocks: BlocksTable;
  reports: ReportsTable;
  data_exports: DataExportsTable;
  audit_log: AuditLogTable;
  daily_figures: DailyFiguresTable;
  verifications: VerificationsTable;
  verification_poses: VerificationPosesTable;
}

export type VerificationRowStatus = 'pending' | 'verified' | 'rejected';

/** A verification selfie a member sent and what a person decided (issue 48, decision 063). */
export interface VerificationsTable {
  id: Generated<number>;
  member_id: number;
  /** The pose asked for (`modules/verification/poses.ts`). */
  pose: string;
  /** Its object in the private store; null once removed (30 days after the decision). */
  selfie: string | null;
  status: ColumnType<
    VerificationRowStatus,
    VerificationRowStatus | undefined,
    VerificationRowStatus
  >;
  /** Why staff rejected it (`VERIFICATION_REJECT_REASONS`). */
  reason: VerificationRejectReason | null;
  created_at: Timestamp;
  decided_at: NullableTimestamp;
  decided_by: number | null;
}

/** The pose the server assigned a member, and their tries of the current day. */
export interface VerificationPosesTable {
  member_id: number;
  /** Null once a selfie answered it. */
  pose: string | null;
  assigned_at: NullableTimestamp;
  tries: ColumnType<number, number | undefined, number>;
  /** When the current day of tries began; a try a day later starts a new one. */
  tries_since: NullableTimestamp;
}

/** A closed UTC day's dashboard counts, stored once (docs/decisions/037). */
export interface DailyFiguresTable {
  /** `YYYY-MM-DD`; both drivers answer a date as text here. */
  day: ColumnType<string, string, string>;
  signups: number;
  activations: number;
  messages: number;
  reports: number;
  orders: number;
  computed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type DataExportStatus = 'pending' | 'ready' | 'downloaded' | 'failed';

/** A member's "download my data" (issue 19): prepared in the background, downloaded once. */
export interface DataExportsTable {
  id: string;
  member_id: number;
  status: ColumnType<DataExportStatus, DataExportStatus | undefined, DataExportStatus>;
  progress: ColumnType<number, number | undefined, number>;
  token: ColumnType<string | null, string | null | undefined, string | null>;
  file: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  ready_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  downloaded_at: NullableTimestamp;
}

export type NotificationKind = 'like' | 'message' | 'account';

/** Something a member is told about; messages of a conversation gather in one unread row. */
export interface NotificationsTable {
  id: Generated<number>;
  member_id: number;
  kind: NotificationKind;
  actor_id: number | null;
  conversation_id: number | null;
  count: ColumnType<number, number | undefined, number>;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
  read_at: NullableTimestamp;
}

/** An open tab of a member (its live channel): visible or hidden, and the chat it shows. */
export interface PagePresenceTable {
  id: string;
  member_id: number;
  session_id: string;
  visible: ColumnType<boolean, boolean | undefined, boolean>;
  conversation_id: number | null;
  updated_at: Timestamp;
}

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;
export type ProfileRow = Selectable<ProfilesTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type ImageRow = Selectable<ImagesTable>;
export type MessageRow = Selectable<MessagesTable>;

/** A question to customer service or a complaint, as sent (docs/decisions/019). */
export interface ServiceRequestsTable {
  id: Generated<number>;
  kind: 'question' | 'complaint';
  topic: string;
  member_id: number | null;
  name: string;
  /** Where the answer goes: the account's address when logged in, else the one given. */
  email: string;
  language: string;
  message: string;
  ip: string;
  created_at: Timestamp;
}

/** An order of credits or premium; `id` is the public transaction id (docs/decisions/021). */
export interface OrdersTable {
  id: string;
  member_id: number | null;
  product: string;
  credits: number;
  premium_days: number;
  /** Minor units (cents), VAT included. */
  amount: number;
  currency: string;
  method: string;
  provider: string;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  waived_withdrawal: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  paid_at: NullableTimestamp;
  /** Mollie payment id, Stripe Checkout Session id, demo: the order id. */
  provider_ref: ColumnType<string | null, string | null | undefined, string | null>;
  /** Stripe PaymentIntent id, once known. */
  provider_intent_ref: ColumnType<string | null, string | null | undefined, string | null>;
  /** The member's price country when the order was placed. */
  price_country: ColumnType<string | null, string | null | undefined, string | null>;
  /** Minor units paid back so far (refunds and chargebacks, cumulative). */
  refunded_amount: ColumnType<number, number | undefined, number>;
  vat_country: ColumnType<string | null, string | null | undefined, string | null>;
  /** Percent as numeric text (`21.00`); both drivers answer numeric as a string. */
  vat_rate: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  /** Minor units without VAT. */
  net_amount: ColumnType<number | null, number | null | undefined, number | null>;
  /** Why the order waits for a person (amount mismatch, test payment in production). */
  flag_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Minor units staff asked the provider to pay back (reserved before the call). */
  refund_requested: ColumnType<number, number | undefined, number>;
  /** Generated: flagged and not paid back in full; the console lists these first. */
  needs_look: ColumnType<boolean, never, never>;
  /** When the reconciliation job last asked the provider about this pending order. */
  provider_checked_at: NullableTimestamp;
  /** The discount code the order used (docs/decisions/032). */
  discount_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** The price before the discount; null on orders from before discounts. */
  original_amount: ColumnType<number | null, number | null | undefined, number | null>;
  /** The member's key for this checkout (issue 44): a repeat with it answers this order. */
  client_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The provider's page for paying it, answered again to a repeat while it is pending. */
  checkout_url: ColumnType<string | null, string | null | undefined, string | null>;
}

export type DiscountKind = 'welcome' | 'time_bonus' | 'stay' | 'personal' | 'campaign';

/** A discount code (docs/decisions/032). */
export interface DiscountCodesTable {
  id: Generated<number>;
  code: string;
  kind: DiscountKind;
  percent: number;
  member_id: number | null;
  /** Product ids it applies to; null: every product. */
  products: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  valid_from: Timestamp;
  valid_until: ColumnType<Date, Date | string, Date | string>;
  max_uses: ColumnType<number | null, number | null | undefined, number | null>;
  max_uses_per_member: ColumnType<number, number | undefined, number>;
  uses: ColumnType<number, number | undefined, number>;
  reserved: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  /** Paused by an admin: the code works for nobody until resumed. */
  paused_at: NullableTimestamp;
}

/** One order's use of a code: held while the order is pending, then counted or released. */
export interface DiscountCodeUsesTable {
  id: Generated<number>;
  code_id: number;
  member_id: number | null;
  order_id: string;
  state: ColumnType<
    'reserved' | 'counted' | 'released',
    'reserved' | 'counted' | 'released' | undefined,
    'reserved' | 'counted' | 'released'
  >;
  created_at: Timestamp;
  /** When a `reserved` hold lapses and the use goes back (DISCOUNT_RESERVATION_MINUTES). */
  reserved_until: ColumnType<Date, Date | string, Date | string>;
}

/** A fact a payment provider reported, kept once per `(provider, event_id)`. */
export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  /** The provider's own name for the fact. */
  type: string;
  /** What the provider said, in our terms (`paid`, `refunded`, …). */
  report_outcome: string;
  order_id: string | null;
  amount: number | null;
  currency: string | null;
  live: boolean;
  received_at: Timestamp;
  /** What we did about it. */
  outcome: PaymentEventOutcome;
  note: string | null;
}

export type PaymentEventOutcome =
  | 'applied'
  | 'ignored'
  | 'flagged'
  | 'unknown_order'
  | 'order_mismatch';
