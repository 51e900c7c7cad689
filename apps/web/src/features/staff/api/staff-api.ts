import type {
  AdminOrder,
  AdminOrderDetail,
  RefundRequest,
} from '@amora/shared/schemas/order-admin';
import type { OrderStatus } from '@amora/shared/schemas/orders';
import type {
  AdminCode,
  AdminSite,
  CreateCode,
  CreditCorrection,
  Dashboard,
  UpdateCode,
} from '@amora/shared/schemas/site-admin';
import type {
  AuditEntry,
  HeldActionBody,
  HeldMessage,
  MemberActionBody,
  MemberDetail,
  PhotoActionBody,
  QueuedPhoto,
  ReportActionBody,
  StaffMe,
  StaffReport,
  StaffRoleBody,
} from '@amora/shared/schemas/staff';
import { STAFF_PAGE_SIZE } from '@amora/shared/schemas/staff';
import type {
  QueuedVerification,
  VerificationActionBody,
} from '@amora/shared/schemas/verification';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every staff answer lives under this key: a renewed staff window refetches them all. */
export const staffKeys = {
  all: ['staff'] as const,
  me: ['staff', 'me'] as const,
  reports: (status: 'open' | 'closed') => ['staff', 'reports', status] as const,
  photos: ['staff', 'photos'] as const,
  verifications: ['staff', 'verifications'] as const,
  held: ['staff', 'held'] as const,
  lookup: (q: string) => ['staff', 'lookup', q] as const,
  member: (id: number) => ['staff', 'member', id] as const,
  audit: ['staff', 'audit'] as const,
  roles: ['staff', 'roles'] as const,
  site: ['staff', 'site'] as const,
  codes: ['staff', 'codes'] as const,
  dashboard: ['staff', 'dashboard'] as const,
  codeUses: (id: number) => ['staff', 'codes', id] as const,
  orders: (q: string, status: string) => ['staff', 'orders', q, status] as const,
  order: (id: string) => ['staff', 'order', id] as const,
};

type Ok = { ok: true };
// A refused staff call is answered by the console (re-auth, or the reason); never retried.
const once = { retry: false } as const;

export const useStaffMe = () =>
  useQuery({
    queryKey: staffKeys.me,
    queryFn: () => api.get<StaffMe>('/api/admin/me.php'),
    ...once,
  });

export const useReauth = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.post<Ok>('/api/admin/reauth.php', { password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
};

/** One page after another, keyed by the last id (the calls' keyset paging). */
function usePaged<T extends { id: number }>(
  key: readonly unknown[],
  load: (cursor: number | undefined) => Promise<T[]>,
) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => load(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: T[]) => (last.length >= STAFF_PAGE_SIZE ? last.at(-1)?.id : undefined),
    select: (data) => data.pages.flat(),
    ...once,
  });
}

const withCursor = (path: string, name: string, cursor: number | undefined) =>
  cursor === undefined ? path : `${path}${path.includes('?') ? '&' : '?'}${name}=${cursor}`;

export const useReports = (status: 'open' | 'closed') =>
  usePaged<StaffReport>(
    staffKeys.reports(status),
    async (after) =>
      (
        await api.get<{ reports: StaffReport[] }>(
          withCursor(`/api/admin/reports.php?status=${status}`, 'after', after),
        )
      ).reports,
  );

export const usePhotoQueue = () =>
  usePaged<QueuedPhoto>(
    staffKeys.photos,
    async (after) =>
      (
        await api.get<{ photos: QueuedPhoto[] }>(
          withCursor('/api/admin/photos.php', 'after', after),
        )
      ).photos,
  );

export const useVerificationQueue = () =>
  usePaged<QueuedVerification>(
    staffKeys.verifications,
    async (after) =>
      (
        await api.get<{ verifications: QueuedVerification[] }>(
          withCursor('/api/admin/verifications.php', 'after', after),
        )
      ).verifications,
  );

export const useHeldMessages = () =>
  usePaged<HeldMessage>(
    staffKeys.held,
    async (after) =>
      (
        await api.get<{ messages: HeldMessage[] }>(
          withCursor('/api/admin/held.php', 'after', after),
        )
      ).messages,
  );

export const useAuditLog = () =>
  usePaged<AuditEntry>(
    staffKeys.audit,
    async (before) =>
      (
        await api.get<{ entries: AuditEntry[] }>(
          withCursor('/api/admin/audit.php', 'before', before),
        )
      ).entries,
  );

export interface FoundMember {
  id: number;
  name: string | null;
  status: 'active' | 'banned' | 'deleted';
  role: 'admin' | 'moderator' | null;
  signup_date: string;
}

export const useMemberLookup = (q: string) =>
  useQuery({
    queryKey: staffKeys.lookup(q),
    queryFn: async () =>
      (
        await api.get<{ members: FoundMember[] }>(
          `/api/admin/members.php?q=${encodeURIComponent(q)}`,
        )
      ).members,
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    ...once,
  });

export const useMemberDetail = (id: number) =>
  useQuery({
    queryKey: staffKeys.member(id),
    queryFn: () => api.get<MemberDetail>(`/api/admin/member.php?id=${id}`),
    ...once,
  });

export interface StaffMember {
  id: number;
  name: string | null;
  role: 'admin' | 'moderator';
  listed: boolean;
}

export const useStaffRoles = () =>
  useQuery({
    queryKey: staffKeys.roles,
    queryFn: async () => (await api.get<{ staff: StaffMember[] }>('/api/admin/staff.php')).staff,
    ...once,
  });

/** A staff action; afterwards every staff list and the audit log are fresh. */
function useStaffAction<Body>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api.post<Ok>(path, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

export const useReportAction = () => useStaffAction<ReportActionBody>('/api/admin/reports.php');
export const usePhotoAction = () => useStaffAction<PhotoActionBody>('/api/admin/photos.php');
export const useVerificationAction = () =>
  useStaffAction<VerificationActionBody>('/api/admin/verifications.php');
export const useHeldAction = () => useStaffAction<HeldActionBody>('/api/admin/held.php');
export const useMemberAction = () => useStaffAction<MemberActionBody>('/api/admin/members.php');
export const useStaffRoleAction = () => useStaffAction<StaffRoleBody>('/api/admin/staff.php');

export const useAdminSite = () =>
  useQuery({
    queryKey: staffKeys.site,
    queryFn: () => api.get<AdminSite>('/api/admin/settings.php'),
    ...once,
  });

/** Saves the settings; the public settings every screen reads are fetched again. */
export const useSaveSite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (site: AdminSite) => api.put<{ version: number }>('/api/admin/settings.php', site),
    onSuccess: () => queryClient.invalidateQueries(),
  });
};

export const useCreditCorrection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreditCorrection) =>
      api.post<{ credits: number }>('/api/admin/credits.php', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
};

export const useCodes = () =>
  useQuery({
    queryKey: staffKeys.codes,
    queryFn: async () => (await api.get<{ codes: AdminCode[] }>('/api/admin/codes.php')).codes,
    ...once,
  });

export interface CodeUse {
  order_id: string;
  member: { id: number; name: string | null } | null;
  state: 'reserved' | 'counted' | 'released';
  created_at: string;
}

export const useCodeUses = (id: number) =>
  useQuery({
    queryKey: staffKeys.codeUses(id),
    queryFn: async () =>
      (await api.get<{ uses: CodeUse[] }>(`/api/admin/code-uses.php?id=${id}`)).uses,
    ...once,
  });

export const useCreateCode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCode) => api.post<AdminCode>('/api/admin/codes.php', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
};

export const useUpdateCode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCode) => api.put<AdminCode>('/api/admin/codes.php', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
};

export const useDashboard = () =>
  useQuery({
    queryKey: staffKeys.dashboard,
    queryFn: () => api.get<Dashboard>('/api/admin/dashboard.php'),
    ...once,
  });

/** Orders, flagged ones first; `q` and `status` narrow them (the server reads `q`). */
export const useOrders = (q: string, status: OrderStatus | '') =>
  useInfiniteQuery({
    queryKey: staffKeys.orders(q, status),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams();
      if (q) query.set('q', q);
      if (status) query.set('status', status);
      if (pageParam) query.set('after', pageParam);
      const text = query.toString();
      return api.get<{ orders: AdminOrder[]; next: string | null }>(
        `/api/admin/orders.php${text ? `?${text}` : ''}`,
      );
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.orders),
    placeholderData: keepPreviousData,
    ...once,
  });

/** A refund the provider has not confirmed yet: the order is asked again every 2 s. */
const awaitingProvider = (detail: AdminOrderDetail | undefined) =>
  detail !== undefined && detail.order.refund_requested > detail.order.refunded_amount;

export const useOrder = (id: string) =>
  useQuery({
    queryKey: staffKeys.order(id),
    queryFn: () => api.get<AdminOrderDetail>(`/api/admin/order.php?id=${id}`),
    refetchInterval: (query) => (awaitingProvider(query.state.data) ? 2000 : false),
    ...once,
  });

export const useRefund = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequest) => api.post<AdminOrderDetail>('/api/admin/refund.php', body),
    onSuccess: (detail) => {
      queryClient.setQueryData(staffKeys.order(detail.order.id), detail);
      return queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
  });
};
