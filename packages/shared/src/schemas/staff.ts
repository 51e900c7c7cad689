import { z } from 'zod';
import { idSchema } from './common.js';
import { REPORT_REASONS } from './safety.js';

/**
 * The staff console's calls (`/api/admin/*.php`, issue 20, docs/decisions/036). Only the
 * console's lazy screens import this file: the member bundle never loads it.
 */

/** A staff call needs a login or staff action in the session within this many minutes. */
export const STAFF_REAUTH_MINUTES = 30;
/** How long a moderator holds a report they opened before another may take it. */
export const REPORT_CLAIM_MINUTES = 10;
/** Audit log entries are kept this long (docs/privacy.md), then removed. */
export const AUDIT_RETENTION_DAYS = 730;
/** Rows per page of the queues and the audit log. */
export const STAFF_PAGE_SIZE = 30;

export const STAFF_ROLES = ['admin', 'moderator'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

const bodyId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** What staff write to a member or for the record: shown as written, never translated. */
const staffText = z.string().trim().min(1).max(1000);

/** Someone an entry names: a member's id and profile name (null name once erased). */
export const personSchema = z.object({ id: z.number().int(), name: z.string().nullable() });
export type Person = z.infer<typeof personSchema>;

export const staffMeSchema = z.object({
  role: staffRoleSchema,
  /** The next staff call would answer 401 `reauth_required`. */
  reauth_required: z.boolean(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

export const reauthBodySchema = z.object({ password: z.string().min(1).max(200) }).strict();

export const okSchema = z.object({ ok: z.literal(true) });

// Reports.
export const reportEvidenceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('photo'), url: z.string() }),
  z.object({
    kind: z.literal('messages'),
    messages: z.array(z.object({ sender_id: z.number().int(), text: z.string(), at: z.string() })),
  }),
  z.object({ kind: z.literal('none') }),
]);
export type ReportEvidence = z.infer<typeof reportEvidenceSchema>;

export const staffReportSchema = z.object({
  id: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  /** Null once that account is erased (the report stays). */
  reporter: personSchema.nullable(),
  subject: personSchema.nullable(),
  created_at: z.string(),
  status: z.enum(['open', 'closed']),
  evidence: reportEvidenceSchema,
});
export type StaffReport = z.infer<typeof staffReportSchema>;

export const reportsQuerySchema = z.object({
  status: z.enum(['open', 'closed']).default('open'),
  /** Keyset paging: the last report of the previous page. */
  after: idSchema.optional(),
});
export const reportsResponseSchema = z.object({ reports: z.array(staffReportSchema) });

export const REPORT_ACTIONS = ['claim', 'dismiss', 'warn', 'remove_photo', 'ban'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const reportActionBodySchema = z
  .object({ report: bodyId, action: z.enum(REPORT_ACTIONS), note: staffText.optional() })
  .strict()
  .refine((body) => body.action === 'claim' || body.note !== undefined, {
    path: ['note'],
    message: 'A note is required to close a report',
  });
export type ReportActionBody = z.infer<typeof reportActionBodySchema>;

// Photos.
export const PHOTO_REJECT_REASONS = [
  'nudity',
  'not_the_member',
  'contact_details',
  'offensive',
  'other',
] as const;
export type PhotoRejectReason = (typeof PHOTO_REJECT_REASONS)[number];

export const queuedPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  member: personSchema,
  screening: z.enum(['pending', 'clean', 'flagged']),
  nudity_score: z.number().nullable(),
  created_at: z.string(),
});
export type QueuedPhoto = z.infer<typeof queuedPhotoSchema>;
export const photosQuerySchema = z.object({ after: idSchema.optional() });
export const photosResponseSchema = z.object({ photos: z.array(queuedPhotoSchema) });
export const photoActionBodySchema = z
  .object({
    photo: bodyId,
    action: z.enum(['approve', 'reject']),
    reason: z.enum(PHOTO_REJECT_REASONS).optional(),
  })
  .strict()
  .refine((body) => body.action === 'approve' || body.reason !== undefined, {
    path: ['reason'],
    message: 'Say why the photo is rejected',
  });
export type PhotoActionBody = z.infer<typeof photoActionBodySchema>;

// Held messages.
export const heldMessageSchema = z.object({
  id: z.number().int(),
  sender: personSchema,
  recipient: personSchema,
  text: z.string(),
  at: z.string(),
  /** One of the two has since blocked the other: releasing stores it, delivering nothing. */
  blocked: z.boolean(),
});
export type HeldMessage = z.infer<typeof heldMessageSchema>;
export const heldQuerySchema = z.object({ after: idSchema.optional() });
export const heldResponseSchema = z.object({ messages: z.array(heldMessageSchema) });
export const heldActionBodySchema = z
  .object({ message: bodyId, action: z.enum(['release', 'ban']), reason: staffText.optional() })
  .strict()
  .refine((body) => body.action === 'release' || body.reason !== undefined, {
    path: ['reason'],
    message: 'A ban needs a reason',
  });
export type HeldActionBody = z.infer<typeof heldActionBodySchema>;

// Members.
export const MEMBER_ACTIONS = ['ban', 'unban', 'warn'] as const;
export const memberActionBodySchema = z
  .object({ member: bodyId, action: z.enum(MEMBER_ACTIONS), reason: staffText })
  .strict();
export type MemberActionBody = z.infer<typeof memberActionBodySchema>;

export const memberStatusSchema = z.enum(['active', 'banned', 'deleted']);
export const foundMemberSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  status: memberStatusSchema,
  role: staffRoleSchema.nullable(),
  signup_date: z.string(),
});
export const memberLookupQuerySchema = z.object({ q: z.string().trim().min(1).max(200) });
export const memberLookupResponseSchema = z.object({ members: z.array(foundMemberSchema) });

const staffReportLineSchema = z.object({
  id: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  /** The other member of the report: the subject of one made, the reporter of one received. */
  other: personSchema.nullable(),
  status: z.enum(['open', 'closed']),
  created_at: z.string(),
});

export const memberDetailSchema = z.object({
  member: foundMemberSchema.extend({
    activated: z.boolean(),
    ban_reason: z.string().nullable(),
    last_active_at: z.string(),
    country: z.string().nullable(),
    city: z.string().nullable(),
    credits: z.number().int(),
    paid_until: z.string().nullable(),
  }),
  photos: z.array(
    z.object({
      id: z.number().int(),
      url: z.string(),
      screening: z.enum(['pending', 'clean', 'flagged']),
    }),
  ),
  reports_made: z.array(staffReportLineSchema),
  reports_received: z.array(staffReportLineSchema),
  // Money and devices are for admins: a moderator's answer has no `orders`, `ledger` or
  // `sessions` at all.
  orders: z
    .array(
      z.object({
        id: z.string(),
        product: z.string(),
        amount: z.number().int(),
        currency: z.string(),
        status: z.string(),
        created_at: z.string(),
      }),
    )
    .optional(),
  ledger: z
    .array(
      z.object({
        id: z.number().int(),
        amount: z.number().int(),
        reason: z.string(),
        created_at: z.string(),
      }),
    )
    .optional(),
  sessions: z
    .array(
      z.object({
        created_at: z.string(),
        last_used_at: z.string(),
        user_agent: z.string().nullable(),
      }),
    )
    .optional(),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;
export const memberDetailQuerySchema = z.object({ id: idSchema });

// Audit log.
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staff: personSchema,
  /** `ban`, `unban`, `warn` as the members call names them; others dotted (`photo.reject`). */
  action: z.string(),
  subject: personSchema.nullable(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = z.object({ before: idSchema.optional() });
export const auditResponseSchema = z.object({ entries: z.array(auditEntrySchema) });

// Staff roles (admins only).
export const staffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  role: staffRoleSchema,
  /** An admin by ADMIN_EMAILS: nobody can take that role away in the console. */
  listed: z.boolean(),
});
export const staffListResponseSchema = z.object({ staff: z.array(staffMemberSchema) });
export const staffRoleBodySchema = z
  .object({ member: bodyId, role: z.literal('moderator').nullable() })
  .strict();
export type StaffRoleBody = z.infer<typeof staffRoleBodySchema>;
