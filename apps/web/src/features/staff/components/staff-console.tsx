import { useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { errorCodeOf } from '@/lib/error-text';
import { staffKeys, useStaffMe } from '../api/staff-api';
import { ReauthDialog } from './reauth-dialog';

export const STAFF_SECTIONS = [
  'reports',
  'photos',
  'verifications',
  'held',
  'members',
  'audit',
  'staff',
  'settings',
  'orders',
  'codes',
  'dashboard',
] as const;
/** The sections only admins see (the server refuses the rest their calls anyway). */
const ADMIN_SECTIONS: readonly StaffSection[] = [
  'staff',
  'settings',
  'orders',
  'codes',
  'dashboard',
];
export type StaffSection = (typeof STAFF_SECTIONS)[number];

/** Opens the password dialog whenever a staff call answers 401 `reauth_required`. */
function useReauthPrompt(initiallyNeeded: boolean) {
  const queryClient = useQueryClient();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (initiallyNeeded) setNeeded(true);
  }, [initiallyNeeded]);
  useEffect(() => {
    const check = (error: unknown) => {
      if (errorCodeOf(error) === 'reauth_required') setNeeded(true);
    };
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryKey[0] === staffKeys.all[0]) {
        check(event.query.state.error);
      }
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated') check(event.mutation?.state.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient]);
  return { needed, close: () => setNeeded(false) };
}

/**
 * The console's frame: who may enter (the server decides, through /api/admin/me.php), the
 * sections as tabs, and the password prompt of the 30-minute window.
 */
export function StaffConsole({
  section,
  children,
}: {
  section: StaffSection;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const me = useStaffMe();
  const reauth = useReauthPrompt(me.data?.reauth_required === true);
  const nav = useRef<HTMLElement>(null);
  // On a phone the tabs scroll sideways: the current one is brought into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new section is the reason to scroll.
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [section, me.data]);
  if (me.isPending) {
    return <p className="text-body-secondary py-4">{t('common.loading')}</p>;
  }
  if (me.isError) {
    if (errorCodeOf(me.error) === 'forbidden') {
      return (
        <EmptyState
          icon={<ShieldAlert />}
          title={t('staff.forbidden_title')}
          text={t('staff.forbidden_text')}
        />
      );
    }
    return <LoadError error={me.error} onRetry={() => void me.refetch()} />;
  }
  const sections = STAFF_SECTIONS.filter(
    (name) => !ADMIN_SECTIONS.includes(name) || me.data.role === 'admin',
  );
  return (
    <div className="staff-console py-2">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('staff.title')}</h1>
        <span className="badge text-bg-secondary">{t(`staff.roles.${me.data.role}`)}</span>
      </div>
      <nav ref={nav} aria-label={t('staff.sections_label')} className="mb-3 overflow-auto">
        <ul className="nav nav-pills flex-nowrap">
          {sections.map((name) => (
            <li className="nav-item" key={name}>
              <NavLink
                to={`/admin/${name}`}
                className={({ isActive }) =>
                  `nav-link text-nowrap${isActive || name === section ? ' active' : ''}`
                }
                aria-current={name === section ? 'page' : undefined}
              >
                {t(`staff.sections.${name}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
      {reauth.needed && <ReauthDialog onDone={reauth.close} onCancel={reauth.close} />}
    </div>
  );
}
