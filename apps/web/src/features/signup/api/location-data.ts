import { api } from '@/lib/api-client';
import { readValue, storeValue } from '@/lib/storage';

export interface Place {
  country: string;
  countryregion: string;
  city: string;
}

/** The last place geocoding found, kept through the storage helper (spec section 3). */
const GEOCODE_KEY = 'amora.geocode';

/** The stored geocode, or null when there is none or it is not a place. */
export function storedGeocode(): Place | null {
  try {
    const place = JSON.parse(readValue(GEOCODE_KEY) ?? 'null') as Partial<Place> | null;
    return place &&
      typeof place.country === 'string' &&
      typeof place.countryregion === 'string' &&
      typeof place.city === 'string'
      ? { country: place.country, countryregion: place.countryregion, city: place.city }
      : null;
  } catch {
    return null;
  }
}

/**
 * Reverse geocoding; null when there is no place nearby or the call fails (spec section 8).
 * A place found is stored, so a later visit (or a refused position) starts from it.
 */
export async function geocode(lat: number, lon: number): Promise<Place | null> {
  try {
    const place = await api.get<Place>(
      `/api/geocode.php?lat=${lat.toFixed(5)}&lon=${lon.toFixed(5)}`,
    );
    storeValue(GEOCODE_KEY, JSON.stringify(place));
    return place;
  } catch {
    return null;
  }
}
