import type { CamProfile } from '@amora/shared/schemas/partner-tiles';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface CamFilters {
  gender?: string | undefined;
  min_age?: number | undefined;
  max_age?: number | undefined;
}

/** GET /api/xcams/search.php: live partner profiles for the tiles (failures only logged, spec §8). */
export function useCams(filters: CamFilters, enabled: boolean) {
  return useQuery({
    queryKey: ['cams', filters],
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(filters))
        if (value !== undefined) params.set(key, String(value));
      try {
        return Object.values(
          (await api.get<{ cams: Record<string, CamProfile> }>(`/api/xcams/search.php?${params}`))
            .cams,
        );
      } catch (error) {
        console.warn('Webcam profiles failed to load', error);
        return [];
      }
    },
  });
}
