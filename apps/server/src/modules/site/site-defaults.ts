import { COUNTRIES, DEFAULT_SITE_NAME } from '@amora/shared/constants';
import { PROFILE_FIELD_NAMES } from '@amora/shared/rules/profile-fields';
import type { CompanyInfo, Settings } from '@amora/shared/schemas/site';

/**
 * Settings kept in the database; request-dependent ones (geoip, push key) and the mode are
 * added per call.
 */
export type StoredSettings = Omit<
  Settings,
  'geoip_country' | 'geoip_selected_country' | 'push_pub' | 'demo'
>;

export const DEFAULT_SETTINGS: StoredSettings = {
  name: DEFAULT_SITE_NAME,
  domain_language: 'en',
  region_data: true,
  countries: [...COUNTRIES],
  signups: 'all',
  logged_out_search: 'all',
  logged_out_search_trafficsource: 'all',
  minimum_message_costs: {
    NL: { costs: 0.35, currency: 'EUR' },
    BE: { costs: 0.35, currency: 'EUR' },
    DE: { costs: 0.35, currency: 'EUR' },
    AT: { costs: 0.35, currency: 'EUR' },
    CH: { costs: 0.4, currency: 'CHF' },
    IT: { costs: 0.35, currency: 'EUR' },
    FR: { costs: 0.35, currency: 'EUR' },
    ES: { costs: 0.35, currency: 'EUR' },
    PL: { costs: 1.5, currency: 'PLN' },
    GB: { costs: 0.3, currency: 'GBP' },
    IE: { costs: 0.35, currency: 'EUR' },
    US: { costs: 0.39, currency: 'USD' },
    CA: { costs: 0.49, currency: 'CAD' },
    AU: { costs: 0.59, currency: 'AUD' },
    NZ: { costs: 0.65, currency: 'NZD' },
  },
  cdn_prefix: '/uploads/',
  uncacheable_locales: [],
  visible_profile_fields: [...PROFILE_FIELD_NAMES],
  visible_profile_notes: ['personal', 'ideal_match'],
  search_fields: ['gender', 'age', 'country', 'countryregion', 'verified'],
  member_resell: ['cams', 'camads'],
  fictional_icon: 'sparkles',
};

export const DEFAULT_COMPANY_INFO: CompanyInfo = {
  name: 'Amora Online B.V.',
  address: 'Keizersgracht 123',
  kvk: '00000000',
  city: 'Amsterdam',
  country: 'NL',
  tradenames: [DEFAULT_SITE_NAME],
  vat_numbers: ['NL000000000B01'],
  support_phone: '+31 20 000 0000',
  delete_discount: 50,
};
