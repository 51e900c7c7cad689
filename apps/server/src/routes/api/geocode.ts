import { apiErrorSchema } from '@amora/shared/schemas/common';
import { geocodeQuerySchema, geocodeResponseSchema } from '@amora/shared/schemas/user-update';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.js';
import { nearestCity } from '../../modules/geo/cities.js';
import { readStoredSettings } from '../../modules/site/site.repository.js';

export const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/geocode.php',
    {
      schema: {
        summary: 'The country, region id and city nearest to a position',
        description:
          'The nearest city (within 50 km) of the countries the service operates in; 404 ' +
          'no_place_found when there is none; 400 for coordinates out of range.',
        querystring: geocodeQuerySchema,
        response: { 200: geocodeResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { lat, lon } = request.query;
      const [city, settings] = await Promise.all([
        nearestCity(lat, lon),
        readStoredSettings(app.db),
      ]);
      if (!city || !(settings.countries as string[]).includes(city.country)) {
        throw notFound('no_place_found', 'No place of ours lies near this position');
      }
      return { country: city.country, countryregion: city.regionId, city: city.name };
    },
  );
};
