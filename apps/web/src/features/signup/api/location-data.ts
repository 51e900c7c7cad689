import { api } from '@/lib/api-client';

export interface Place {
  country: string;
  countryregion: string;
  city: string;
}

/** Reverse geocoding; null when there is no place nearby or the call fails (spec section 8). */
export async function geocode(lat: number, lon: number): Promise<Place | null> {
  try {
    return await api.get<Place>(`/api/geocode.php?lat=${lat.toFixed(5)}&lon=${lon.toFixed(5)}`);
  } catch {
    return null;
  }
}
