import { z } from 'zod';
import { GENDERS, MAX_AGE, MIN_AGE } from '../constants.js';
import { queryBooleanSchema } from './common.js';

/** One webcam performer of the partner feed (`GET /api/xcams/search.php`). */
export const camProfileSchema = z.object({
  /** The partner's account name: the key of the `cams` map and the redirect's `account`. */
  account: z.string(),
  name: z.string(),
  age: z.number().int(),
  gender: z.enum(GENDERS),
  /** A path on our own origin (the content security policy allows no other images). */
  thumb_url: z.string(),
  live: z.boolean(),
});
export type CamProfile = z.infer<typeof camProfileSchema>;

/**
 * One performer in a webcam partner's feed (`CAM_FEED_URL`, docs/cam-feed.md). The server
 * reads the feed; the app never sees it: `thumbnail` is fetched by the server and served
 * from our own origin as `thumb_url`.
 */
export const camFeedPerformerSchema = z.object({
  account: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, 'letters, digits, _ . - (at most 100)'),
  name: z.string().trim().min(1).max(60),
  age: z.number().int().min(MIN_AGE).max(MAX_AGE),
  gender: z.enum(GENDERS),
  live: z.boolean(),
  /** An image URL on the feed's own origin (absolute, or relative to the feed's URL). */
  thumbnail: z.string().min(1).max(2000),
});
export type CamFeedPerformer = z.infer<typeof camFeedPerformerSchema>;

/** The feed document: performers are checked one by one, so one bad entry hides only itself. */
export const camFeedSchema = z.object({ performers: z.array(z.unknown()) });

/** The web app sends empty parameters for filters not in force: `''` means "any". */
const emptyIsAny = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .optional()
    .transform((v) => (v === '' ? undefined : (v as z.output<T> | undefined)));

const ageSchema = z.coerce.number().int().min(MIN_AGE).max(MAX_AGE);

export const camsSearchQuerySchema = z
  .object({
    gender: emptyIsAny(z.enum(GENDERS)),
    min_age: emptyIsAny(ageSchema),
    max_age: emptyIsAny(ageSchema),
  })
  .superRefine((q, ctx) => {
    if (q.min_age !== undefined && q.max_age !== undefined && q.min_age > q.max_age) {
      ctx.addIssue({
        code: 'custom',
        path: ['min_age'],
        message: 'min_age must not be above max_age',
      });
    }
  });
export type CamsSearchQuery = z.output<typeof camsSearchQuerySchema>;

/** A map keyed by account (spec section 3: "a cams map; each item has an account field"). */
export const camsSearchResponseSchema = z.object({
  cams: z.record(z.string(), camProfileSchema),
});
export type CamsSearchResponse = z.infer<typeof camsSearchResponseSchema>;

export const camAccountQuerySchema = z.object({ account: z.string().min(1).max(100) });

/** Flows that may lead to the resell partner; only the search results' ad tile so far. */
export const RESELL_FLOWS = ['profile-search'] as const;

export const resellPartnerQuerySchema = z.object({
  flow: z.enum(RESELL_FLOWS),
  /** 1: answer with the redirect; otherwise answer `{ url }`. */
  redirect: queryBooleanSchema.optional(),
});
export const resellPartnerResponseSchema = z.object({ url: z.string() });
