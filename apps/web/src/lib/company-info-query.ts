import type { CompanyInfo } from '@amora/shared/schemas/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const companyInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['companyinfo'] as const,
    queryFn: () => api.get<CompanyInfo>('/api/companyinfo.php'),
    staleTime: 60 * 60_000,
  });

export const useCompanyInfo = () => useQuery(companyInfoQueryOptions());
