/**
 * Regions of the served countries: our stable region ids and their display names.
 * The table itself, and how GeoNames codes map onto it, lives in `region-data.ts`.
 */
import { COUNTRIES, type Country } from '@amora/shared/constants';
import { REGION_DATA } from './region-data.js';

export interface Region {
  readonly id: string;
  readonly name: string;
}

const collator = new Intl.Collator('en');

const byCountry = new Map<Country, readonly Region[]>();
const nameById = new Map<string, string>();
const idsByCountry = new Map<Country, ReadonlySet<string>>();

for (const country of COUNTRIES) {
  const regions = REGION_DATA[country]
    .map((r): Region => Object.freeze({ id: r.id, name: r.name }))
    .sort((a, b) => collator.compare(a.name, b.name));
  byCountry.set(country, regions);
  idsByCountry.set(country, new Set(regions.map((r) => r.id)));
  for (const r of regions) nameById.set(r.id, r.name);
}

/** Regions of one country, sorted by name. */
export function listRegions(country: Country): { id: string; name: string }[] {
  return [...(byCountry.get(country) ?? [])];
}

/** Regions of every served country, each list sorted by name. */
export function allRegions(): Record<Country, { id: string; name: string }[]> {
  return Object.fromEntries(COUNTRIES.map((c) => [c, listRegions(c)])) as Record<
    Country,
    { id: string; name: string }[]
  >;
}

/** Whether `regionId` is one of our region ids of `country`. */
export function isRegionOf(country: Country, regionId: string): boolean {
  return idsByCountry.get(country)?.has(regionId) ?? false;
}

/** Display name of one of our region ids, or undefined for an unknown id. */
export function regionName(regionId: string): string | undefined {
  return nameById.get(regionId);
}
