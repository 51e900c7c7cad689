import { GENDERS } from '@amora/shared/constants';
import { INTERESTS, PROFILE_FIELDS } from '@amora/shared/rules/profile-fields';
import {
  companyInfoSchema,
  interestsResponseSchema,
  profileFieldsResponseSchema,
  regionsResponseSchema,
  settingsSchema,
} from '@amora/shared/schemas/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasCamFeed } from '../../modules/cams/choose-cam-feed.js';
import { allRegions } from '../../modules/geo/regions.js';
import { settingsForRequest } from '../../modules/site/settings.service.js';
import { readCompanyInfo, readStoredSettings } from '../../modules/site/site.repository.js';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings.php',
    { schema: { summary: 'Site settings for this visitor', response: { 200: settingsSchema } } },
    async (request) =>
      settingsForRequest(app.db, request, {
        demo: app.config.mode === 'demo',
        partnerCams: hasCamFeed(app.config),
      }),
  );

  app.get(
    '/api/companyinfo.php',
    { schema: { summary: 'The company behind the service', response: { 200: companyInfoSchema } } },
    async () => readCompanyInfo(app.db),
  );

  app.get(
    '/api/regions.php',
    {
      schema: {
        summary: 'Regions of every country the service operates in, by country code',
        response: { 200: regionsResponseSchema },
      },
    },
    async () => {
      const { countries } = await readStoredSettings(app.db);
      const regions = allRegions();
      return Object.fromEntries(countries.map((country) => [country, regions[country]]));
    },
  );

  app.get(
    '/api/profile_fields.php',
    {
      schema: {
        summary: 'Selectable profile fields with their allowed values',
        response: { 200: profileFieldsResponseSchema },
      },
    },
    async () => ({
      gender: { allowed_values: [...GENDERS] },
      ...Object.fromEntries(
        Object.entries(PROFILE_FIELDS).map(([name, values]) => [
          name,
          { allowed_values: [...values] },
        ]),
      ),
    }),
  );

  app.get(
    '/api/interests.php',
    {
      schema: {
        summary: 'Interests a member may pick',
        response: { 200: interestsResponseSchema },
      },
    },
    async () => ({ interests: INTERESTS.map((id) => ({ id })) }),
  );
};
