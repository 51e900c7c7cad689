import type { ReportBody, ReportResponse } from '@amora/shared/schemas/safety';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/report.php: a member, one of their photos, or the conversation with them. */
export const useReportMember = () =>
  useMutation({
    mutationFn: (body: ReportBody) => api.post<ReportResponse>('/api/report.php', body),
  });
