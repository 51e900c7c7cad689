import {
  deleteAccountBodySchema,
  deleteAccountResponseSchema,
} from '@amora/shared/schemas/account-deletion';
import { apiErrorSchema, queryBooleanSchema } from '@amora/shared/schemas/common';
import { settingsUpdateSchema } from '@amora/shared/schemas/member-settings';
import { signupBodySchema } from '@amora/shared/schemas/signup';
import { userResponseSchema } from '@amora/shared/schemas/user';
import {
  locationSchemaFor,
  profileUpdateSchema,
  pushSubscriptionBodySchema,
  userUpdateSchema,
} from '@amora/shared/schemas/user-update';
import type { FastifySchemaCompiler } from 'fastify';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { deleteAccount } from '../../modules/account/account-deletion.service.js';
import { endSession } from '../../modules/auth/session.service.js';
import { saveMemberSettings } from '../../modules/members/member.repository.js';
import { updateLocation, updateProfile } from '../../modules/members/profile-update.service.js';
import { loadUser, loadUserBody } from '../../modules/members/user.service.js';
import { isAllowedPushEndpoint } from '../../modules/push/push-service-hosts.js';
import { upsertPushSubscription } from '../../modules/push/push-subscription.repository.js';
import { signUp } from '../../modules/signup/signup.service.js';
import { readStoredSettings } from '../../modules/site/site.repository.js';

/**
 * For calls whose body has several forms: the route's `body` schema (a union) documents
 * them in OpenAPI, while the handler validates against the one form the call asks for, so
 * a refusal names the wrong field instead of saying "matches no form".
 */
function bodyCheckedInHandler<T>(
  route: Parameters<FastifySchemaCompiler<T>>[0],
): ReturnType<FastifySchemaCompiler<T>> {
  if (route.httpPart === 'body') return (data: unknown) => ({ value: data });
  return validatorCompiler({ ...route, schema: route.schema as z.ZodType });
}

/** Validates `body` as the route validator would, answering 400 `invalid_input` the same way. */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const check = validatorCompiler({ schema, method: 'POST', url: '', httpPart: 'body' });
  const result = check(body);
  if (typeof result === 'object' && result !== null && 'error' in result && result.error) {
    throw Object.assign(new Error('The request is not valid'), {
      statusCode: 400,
      code: 'FST_ERR_VALIDATION',
      validation: result.error,
      validationContext: 'body',
    });
  }
  return (result as { value: z.output<S> }).value;
}

const postQuerySchema = z.object({
  new: queryBooleanSchema.optional().describe('1: sign up (body: the signup payload)'),
  push: queryBooleanSchema
    .optional()
    .describe('1: attach a push subscription to the logged-in member (body: { subscription })'),
});

const okSchema = z.object({ ok: z.literal(true) });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user.php',
    {
      schema: {
        summary: 'The logged-in member; 403 when nobody is logged in',
        response: { 200: userResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const body = await loadUserBody(app.db, app.requireMember(request), app.config.adminEmails, {
        cache: app.memberCache,
        serialize: (answer) => String(reply.serialize(answer)),
      });
      // Already serialized by the route's serializer: a string with a JSON type goes out as is.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.post(
    '/api/user.php',
    {
      schema: {
        summary: 'Sign up (?new=1) or attach a push subscription (?push=1)',
        description:
          '?new=1 creates the account (signup payload; `csrf` is the lowercase hex SHA-512 of ' +
          '`token + ":" + email`, `token` from GET /api/validate_email.php), logs it in and ' +
          'answers { user }. 403 invalid_csrf, invalid_token (missing, expired or for another ' +
          'address) or signups_closed; 400 for bad fields or a country not served; 409 ' +
          'email_taken; 403 banned when the address, read canonically (no +tag, no dots at ' +
          'gmail.com), reaches a banned account’s mailbox; 429 after too many accounts from ' +
          'one address. ?push=1 (logged in) ' +
          'attaches the browser subscription to the member, moving it from any other member, ' +
          'and answers { ok: true }. Without either flag: 400 unknown_action.',
        querystring: postQuerySchema,
        body: z.union([signupBodySchema, pushSubscriptionBodySchema]),
        response: {
          200: z.union([userResponseSchema, okSchema]),
          400: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      validatorCompiler: bodyCheckedInHandler,
    },
    async (request, reply) => {
      const { new: isSignup, push } = request.query;
      if (isSignup && !push) {
        const input = parseBody(signupBodySchema, request.body);
        const typed = (request.body as { email: string }).email;
        const memberId = await signUp(app.db, input, typed, {
          ip: request.ip,
          signupsPerHour: app.config.rateLimit.signupsPerHour,
          welcomeCredits: app.config.welcomeCredits,
        });
        // A visitor who was logged in as someone else continues as the new member only.
        if (request.sessionToken) await endSession(app.db, request.sessionToken);
        await app.logIn(request, reply, memberId);
        return { user: await loadUser(app.db, memberId, app.config.adminEmails) };
      }
      if (push && !isSignup) {
        const memberId = app.requireMember(request);
        const { subscription } = parseBody(pushSubscriptionBodySchema, request.body);
        if (!isAllowedPushEndpoint(subscription.endpoint, app.config.pushServiceHosts)) {
          throw badRequest('push_service_not_allowed', 'This push service is not supported', {
            'subscription.endpoint': 'Not a known push service',
          });
        }
        await upsertPushSubscription(app.db, memberId, {
          endpoint: subscription.endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
        });
        return { ok: true as const };
      }
      throw badRequest('unknown_action', 'Add ?new=1 to sign up or ?push=1 to attach push');
    },
  );

  app.put(
    '/api/user.php',
    {
      schema: {
        summary: "Update the logged-in member's location, or profile and signup step",
        description:
          'Either { country, countryregion, city } (a served country and one of its region ids ' +
          'from /api/regions.php; while settings.region_data is false { country, city } only, ' +
          'and a countryregion is refused with 400 regions_off) or { profile: { name?, ' +
          'gender?, date_of_birth?, fields?, notes?, interests? }, lastSignupStep? }: fields ' +
          'and notes are merged into the stored ones; date_of_birth must be a real date ' +
          '(YYYY-MM-DD, no zero parts) of someone at least 18; or { settings: { show_flagged_photos?, verified_contact_only? } } (at least ' +
          'one: see photos the screening flagged without the blur; let only verified members ' +
          'start a conversation or write, others get 403 verification_required). Answers { user }.',
        body: z.union([userUpdateSchema, settingsUpdateSchema]),
        response: { 200: userResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
      validatorCompiler: bodyCheckedInHandler,
    },
    async (request) => {
      const memberId = app.requireMember(request);
      const body: unknown = request.body;
      if (typeof body === 'object' && body !== null && 'profile' in body) {
        await updateProfile(app.db, memberId, parseBody(profileUpdateSchema, body));
      } else if (typeof body === 'object' && body !== null && 'settings' in body) {
        await saveMemberSettings(app.db, memberId, parseBody(settingsUpdateSchema, body).settings);
      } else {
        const { region_data } = await readStoredSettings(app.db);
        if (!region_data && typeof body === 'object' && body !== null && 'countryregion' in body) {
          throw badRequest('regions_off', 'This site does not use regions', {
            countryregion: 'The site does not use regions',
          });
        }
        await updateLocation(app.db, memberId, parseBody(locationSchemaFor(region_data), body));
      }
      return { user: await loadUser(app.db, memberId, app.config.adminEmails) };
    },
  );

  app.delete(
    '/api/user.php',
    {
      schema: {
        summary: "Deletes the logged-in member's account (confirmed with the password)",
        description:
          'Body { password }: the current password (400 wrong_password, counted with failed ' +
          'logins of the address; 429 after too many). The account is marked deleted, its ' +
          'profile emptied, its photos, likes (given and received), push subscriptions and ' +
          'sessions removed, and the session cookie cleared. Afterwards the member is gone ' +
          'from search, profiles and likes; the other side of a conversation sees a deleted ' +
          'member; the address reports status `deleted` and can neither log in nor sign up ' +
          'again. Answers { ok: true }; 403 when nobody is logged in.',
        body: deleteAccountBodySchema,
        response: {
          200: deleteAccountResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
      // Logged out is 403 whatever the body holds: the session is checked before the body.
      preValidation: async (request) => {
        app.requireMember(request);
      },
    },
    async (request, reply) => {
      const memberId = app.requireMember(request);
      await deleteAccount(app.db, memberId, request.body.password, {
        ip: request.ip,
        limits: app.config.rateLimit,
      });
      app.clearSessionCookie(reply);
      return { ok: true as const };
    },
  );
};
