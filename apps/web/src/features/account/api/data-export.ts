import type { DataExportResponse } from '@amora/shared/schemas/data-export';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const dataExportKeys = { all: ['data-export'] as const };

/** GET /api/export.php, every 2 s while the export is being prepared. */
export const useDataExport = () =>
  useQuery({
    queryKey: dataExportKeys.all,
    queryFn: async () => (await api.get<DataExportResponse>('/api/export.php')).export,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
  });

/** POST /api/export.php: asks for a copy of the member's data. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<DataExportResponse>('/api/export.php')).export,
    onSuccess: (state) => queryClient.setQueryData(dataExportKeys.all, state),
  });
}
