import { COUNTRIES } from '@amora/shared/constants';
import { describe, expect, it } from 'vitest';
import { REGION_DATA } from './region-data.js';
import { allRegions, isRegionOf, listRegions, regionName } from './regions.js';

const EXPECTED_COUNTS = {
  NL: 12,
  BE: 11,
  DE: 16,
  AT: 9,
  CH: 26,
  IT: 20,
  FR: 13,
  ES: 19,
  PL: 16,
  GB: 4,
  IE: 4,
  US: 51,
  CA: 13,
  AU: 8,
  NZ: 17,
} as const;

describe('region table', () => {
  it('gives every country its expected number of regions', () => {
    for (const country of COUNTRIES) {
      expect(listRegions(country), country).toHaveLength(EXPECTED_COUNTS[country]);
    }
  });

  it('has unique, well-formed ids prefixed by their country', () => {
    const seen = new Set<string>();
    for (const country of COUNTRIES) {
      for (const { id, name } of listRegions(country)) {
        expect(id).toMatch(new RegExp(`^${country}-[A-Z0-9]{1,3}$`));
        expect(seen.has(id), id).toBe(false);
        seen.add(id);
        expect(name.trim()).not.toBe('');
      }
    }
  });

  it('has unique names within a country and lists them sorted by name', () => {
    const collator = new Intl.Collator('en');
    for (const country of COUNTRIES) {
      const names = listRegions(country).map((r) => r.name);
      expect(new Set(names).size, country).toBe(names.length);
      expect(names, country).toEqual([...names].sort(collator.compare));
    }
  });

  it('maps each GeoNames code to at most one region, and every region to some code', () => {
    for (const country of COUNTRIES) {
      const admin1 = new Set<string>();
      const admin3 = new Set<string>();
      for (const region of REGION_DATA[country]) {
        expect(region.admin1.length > 0 || region.split !== undefined, region.id).toBe(true);
        for (const code of region.admin1) {
          expect(admin1.has(code), `${region.id} admin1 ${code}`).toBe(false);
          admin1.add(code);
        }
        for (const code of region.split?.admin3 ?? []) {
          const key = `${region.split?.admin1}/${code}`;
          expect(admin3.has(key), `${region.id} admin3 ${key}`).toBe(false);
          admin3.add(key);
        }
      }
      for (const region of REGION_DATA[country]) {
        if (region.split) expect(admin1.has(region.split.admin1), region.id).toBe(false);
      }
    }
  });

  it('uses current ISO 3166-2 codes for the spots that changed or differ from other sources', () => {
    expect(regionName('PL-12')).toBe('Małopolskie');
    expect(regionName('PL-MA')).toBeUndefined();
    expect(regionName('FR-20R')).toBe('Corse');
    expect(regionName('ES-CT')).toBe('Cataluña');
    expect(regionName('ES-IB')).toBe('Illes Balears');
    expect(regionName('IT-25')).toBe('Lombardia');
    expect(regionName('AT-9')).toBe('Wien');
    expect(regionName('BE-BRU')).toBe('Brussels');
    expect(regionName('BE-VAN')).toBe('Antwerp');
    expect(regionName('GB-SCT')).toBe('Scotland');
    expect(regionName('IE-M')).toBe('Munster');
    expect(regionName('US-DC')).toBe('District of Columbia');
  });

  it('leaves out overseas France and US territories', () => {
    expect(regionName('FR-GP')).toBeUndefined();
    expect(regionName('FR-RE')).toBeUndefined();
    expect(regionName('US-PR')).toBeUndefined();
    expect(regionName('US-GU')).toBeUndefined();
  });
});

describe('lookups', () => {
  it('isRegionOf checks the country', () => {
    expect(isRegionOf('NL', 'NL-NH')).toBe(true);
    expect(isRegionOf('BE', 'NL-NH')).toBe(false);
    expect(isRegionOf('NL', 'NL-XX')).toBe(false);
    expect(isRegionOf('NL', '')).toBe(false);
    expect(isRegionOf('DE', 'DE-BE')).toBe(true);
    expect(isRegionOf('BE', 'DE-BE')).toBe(false);
  });

  it('regionName names known ids only', () => {
    expect(regionName('NL-NH')).toBe('Noord-Holland');
    expect(regionName('US-TX')).toBe('Texas');
    expect(regionName('nl-nh')).toBeUndefined();
    expect(regionName('')).toBeUndefined();
  });

  it('allRegions gives every country its list', () => {
    const all = allRegions();
    expect(Object.keys(all).sort()).toEqual([...COUNTRIES].sort());
    for (const country of COUNTRIES) expect(all[country]).toEqual(listRegions(country));
  });

  it('hands out copies, so callers cannot change the table', () => {
    const list = listRegions('NL');
    list.pop();
    expect(listRegions('NL')).toHaveLength(12);
  });
});
