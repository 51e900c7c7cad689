import { z } from 'zod';
import { COUNTRIES, LOCALES } from '../constants.js';

export const SIGNUP_MODES = ['all', 'with_trafficsource', 'invite_only'] as const;
export const LOGGED_OUT_SEARCH_MODES = ['all', 'none'] as const;
export const MEMBER_RESELL_KINDS = ['cams', 'camads'] as const;
export const SEARCH_FIELDS = ['gender', 'age', 'country', 'countryregion', 'verified'] as const;

/** The Settings object of spec section 3. */
export const settingsSchema = z.object({
  name: z.string(),
  domain_language: z.string(),
  region_data: z.boolean(),
  countries: z.array(z.enum(COUNTRIES)),
  signups: z.string(),
  logged_out_search: z.string(),
  logged_out_search_trafficsource: z.string(),
  minimum_message_costs: z.record(
    z.string(),
    z.object({ costs: z.number(), currency: z.string() }),
  ),
  geoip_selected_country: z.string().nullable(),
  geoip_country: z.string().nullable(),
  push_pub: z.string().nullable(),
  cdn_prefix: z.string(),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.array(z.string()),
  search_fields: z.array(z.enum(SEARCH_FIELDS)),
  member_resell: z.array(z.enum(MEMBER_RESELL_KINDS)),
  fictional_icon: z.string().nullable(),
  /**
   * Locales whose message tables browsers must not keep unchecked (spec section 7): fetched
   * with `cache: "no-cache"` and answered with `Cache-Control: no-cache`.
   */
  uncacheable_locales: z.array(z.enum(LOCALES)),
  /** The demo mode: fictional members, a demo login, a test checkout, the /_dev pages. */
  demo: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** Company info of spec section 3 (footer, legal pages, deletion offer). */
export const companyInfoSchema = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.number().nullable(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

export const regionSchema = z.object({ id: z.string(), name: z.string() });
export const regionsResponseSchema = z.record(z.string(), z.array(regionSchema));

export const profileFieldsResponseSchema = z.record(
  z.string(),
  z.object({ allowed_values: z.array(z.string()) }),
);
export const interestsResponseSchema = z.object({
  interests: z.array(z.object({ id: z.string() })),
});
