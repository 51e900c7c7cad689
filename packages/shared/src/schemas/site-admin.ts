import { z } from 'zod';
import { COUNTRIES, LOCALES } from '../constants.js';
import { PROFILE_FIELD_NAMES } from '../rules/profile-fields.js';
import { PRODUCT_IDS } from './orders.js';
import {
  LOGGED_OUT_SEARCH_MODES,
  MEMBER_RESELL_KINDS,
  SEARCH_FIELDS,
  SIGNUP_MODES,
} from './site.js';

/**
 * What an admin changes of the site in the staff console (issue 21): the Settings of spec
 * section 3 an operator decides, and the company info. Only the console imports this file.
 */

export const PROFILE_NOTE_NAMES = ['personal', 'ideal_match'] as const;
/** The mark on fictional profiles: the app draws one icon, or none (null). */
export const FICTIONAL_ICONS = ['sparkles'] as const;

const text = (max: number) => z.string().trim().min(1).max(max);
/** A list of distinct values from a fixed set. */
const subset = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values))
    .max(values.length)
    .refine((list) => new Set(list).size === list.length, 'Each value once');

export const messageCostSchema = z.object({
  /** The price of one message in the currency's main unit (0.35 = €0.35). */
  costs: z.number().positive().max(100).multipleOf(0.01),
  currency: z.string().regex(/^[A-Z]{3}$/, 'A three-letter currency code'),
});

export const siteSettingsEditSchema = z
  .object({
    name: text(60),
    domain_language: z.enum(LOCALES),
    region_data: z.boolean(),
    countries: subset(COUNTRIES).refine((list) => list.length > 0, 'At least one country'),
    signups: z.enum(SIGNUP_MODES),
    logged_out_search: z.enum(LOGGED_OUT_SEARCH_MODES),
    logged_out_search_trafficsource: z.enum(LOGGED_OUT_SEARCH_MODES),
    minimum_message_costs: z.partialRecord(z.enum(COUNTRIES), messageCostSchema),
    // A path of this site, or an https origin serving the same file names.
    cdn_prefix: z
      .string()
      .max(200)
      .regex(
        /^(\/[\w./-]*\/|https:\/\/[\w.-]+(:\d+)?\/[\w./-]*)$/,
        'A path or https URL ending in /',
      ),
    visible_profile_fields: subset(
      PROFILE_FIELD_NAMES as unknown as readonly [string, ...string[]],
    ),
    visible_profile_notes: subset(PROFILE_NOTE_NAMES),
    search_fields: subset(SEARCH_FIELDS),
    member_resell: subset(MEMBER_RESELL_KINDS),
    fictional_icon: z.enum(FICTIONAL_ICONS).nullable(),
    uncacheable_locales: subset(LOCALES),
  })
  .strict();
export type SiteSettingsEdit = z.infer<typeof siteSettingsEditSchema>;

export const companyEditSchema = z
  .object({
    name: text(200),
    address: text(200),
    kvk: text(40),
    city: text(100),
    country: z.enum(COUNTRIES),
    tradenames: z.array(text(100)).min(1).max(10),
    vat_numbers: z.array(text(40)).max(10),
    support_phone: text(40),
    /** The percent offered to a member about to delete the account; null: no offer. */
    delete_discount: z.number().int().min(1).max(90).nullable(),
  })
  .strict();
export type CompanyEdit = z.infer<typeof companyEditSchema>;

/** `GET /api/admin/settings.php`, and the body of its PUT with the version read. */
export const adminSiteSchema = z
  .object({
    version: z.number().int().positive(),
    settings: siteSettingsEditSchema,
    company: companyEditSchema,
  })
  .strict();
export type AdminSite = z.infer<typeof adminSiteSchema>;
export const adminSiteSavedSchema = z.object({ version: z.number().int().positive() });

/** `POST /api/admin/credits.php`: a correction of a member's balance, with the reason. */
export const creditCorrectionSchema = z
  .object({
    member: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    amount: z
      .number()
      .int()
      .min(-100_000)
      .max(100_000)
      .refine((n) => n !== 0, 'A correction changes the balance'),
    reason: text(1000),
  })
  .strict();
export type CreditCorrection = z.infer<typeof creditCorrectionSchema>;
export const creditCorrectionResultSchema = z.object({ credits: z.number().int() });

// Campaign discount codes (docs/decisions/032): created, limited and paused by admins.
// A real calendar day: `2026-93-00` has the shape but failed in the database as a 500.
const dayText = z.iso.date('A date (YYYY-MM-DD)');

export const adminCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  percent: z.number().int(),
  products: z.array(z.enum(PRODUCT_IDS)).nullable(),
  valid_from: z.string(),
  valid_until: z.string(),
  max_uses: z.number().int().nullable(),
  max_uses_per_member: z.number().int(),
  /** Paid orders that used it; `reserved`: pending orders holding a use. */
  uses: z.number().int(),
  reserved: z.number().int(),
  paused: z.boolean(),
});
export type AdminCode = z.infer<typeof adminCodeSchema>;
export const adminCodesResponseSchema = z.object({ codes: z.array(adminCodeSchema) });

export const createCodeSchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{3,32}$/, '3-32 letters, digits or dashes'),
    percent: z.number().int().min(1).max(90),
    /** Null: every product. */
    products: z.array(z.enum(PRODUCT_IDS)).min(1).nullable(),
    /** The last day it works (to the end of that day, UTC). */
    valid_until: dayText,
    max_uses: z.number().int().min(1).max(1_000_000).nullable(),
    max_uses_per_member: z.number().int().min(1).max(100),
  })
  .strict();
export type CreateCode = z.infer<typeof createCodeSchema>;

export const updateCodeSchema = z
  .object({
    id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    paused: z.boolean().optional(),
    max_uses: z.number().int().min(1).max(1_000_000).nullable().optional(),
    valid_until: dayText.optional(),
  })
  .strict();
export type UpdateCode = z.infer<typeof updateCodeSchema>;

export const codeUsesQuerySchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const codeUsesResponseSchema = z.object({
  uses: z.array(
    z.object({
      order_id: z.string(),
      member: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
      state: z.enum(['reserved', 'counted', 'released']),
      created_at: z.string(),
    }),
  ),
});

/** `GET /api/admin/dashboard.php`: the last seven days (UTC), oldest first; today is last. */
export const DASHBOARD_DAYS = 7;
export const dashboardDaySchema = z.object({
  day: z.string(),
  signups: z.number().int(),
  activations: z.number().int(),
  messages: z.number().int(),
  reports: z.number().int(),
  orders: z.number().int(),
});
export const dashboardSchema = z.object({
  days: z.array(dashboardDaySchema),
  /** Paid orders' amounts in minor units, per day and currency. */
  revenue: z.array(z.object({ day: z.string(), currency: z.string(), amount: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
