import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { AuditLog } from '@/features/staff/components/audit-log';
import { Dashboard } from '@/features/staff/components/dashboard';
import { DiscountCodes } from '@/features/staff/components/discount-codes';
import { HeldQueue } from '@/features/staff/components/held-queue';
import { MemberDetailView } from '@/features/staff/components/member-detail';
import { MemberLookup } from '@/features/staff/components/member-lookup';
import { OrderDetailView } from '@/features/staff/components/order-detail';
import { OrderList } from '@/features/staff/components/order-list';
import { PhotoQueue } from '@/features/staff/components/photo-queue';
import { ReportQueue } from '@/features/staff/components/report-queue';
import { SiteSettings } from '@/features/staff/components/site-settings';
import {
  STAFF_SECTIONS,
  StaffConsole,
  type StaffSection,
} from '@/features/staff/components/staff-console';
import { StaffRoles } from '@/features/staff/components/staff-roles';
import { VerificationQueue } from '@/features/staff/components/verification-queue';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ErrorView } from '../errors/error-view';

const SCREENS: Record<StaffSection, () => ReactElement> = {
  reports: ReportQueue,
  photos: PhotoQueue,
  verifications: VerificationQueue,
  held: HeldQueue,
  members: MemberLookup,
  audit: AuditLog,
  staff: StaffRoles,
  settings: SiteSettings,
  orders: OrderList,
  codes: DiscountCodes,
  dashboard: Dashboard,
};

const isSection = (value: string): value is StaffSection =>
  (STAFF_SECTIONS as readonly string[]).includes(value);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /admin/:section?, /admin/members/:memberId and /admin/orders/:orderId: the staff console
 * (issues 20 and 21).
 */
export function Component() {
  const { t } = useTranslation();
  const { section = 'reports', memberId, orderId } = useParams();
  const { pathname } = useLocation();
  const current = memberId ? 'members' : orderId ? 'orders' : section;
  useDocumentTitle(
    isSection(current)
      ? `${t(`staff.sections.${current}`)} · ${t('staff.title')}`
      : t('staff.title'),
  );
  if (
    !isSection(current) ||
    (memberId !== undefined && !/^\d+$/.test(memberId)) ||
    (orderId !== undefined && !UUID.test(orderId))
  ) {
    return <ErrorView status={404} message={t('error_page.not_found', { path: pathname })} />;
  }
  const Screen = SCREENS[current];
  return (
    <StaffConsole section={current}>
      {memberId ? (
        <MemberDetailView id={Number(memberId)} />
      ) : orderId ? (
        <OrderDetailView id={orderId} />
      ) : (
        <Screen />
      )}
    </StaffConsole>
  );
}
