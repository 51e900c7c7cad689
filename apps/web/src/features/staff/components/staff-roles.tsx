import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { LoadError } from '@/components/load-error';
import { useStaffRoleAction, useStaffRoles } from '../api/staff-api';
import { PersonLink } from './person-link';

/** Admins only: who is staff; moderators are granted by member id and taken back here. */
export function StaffRoles() {
  const { t } = useTranslation();
  const roles = useStaffRoles();
  const action = useStaffRoleAction();
  const inputId = useId();
  const [memberId, setMemberId] = useState('');
  const grant = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await action.mutateAsync({ member: Number(memberId), role: 'moderator' });
      setMemberId('');
    } catch {
      // Shown from action.error.
    }
  };
  if (roles.isError) return <LoadError error={roles.error} onRetry={() => void roles.refetch()} />;
  return (
    <section aria-labelledby="roles-title">
      <h2 id="roles-title" className="h5">
        {t('staff.sections.staff')}
      </h2>
      <p className="small text-body-secondary">{t('staff.roles_page.intro')}</p>
      <ErrorAlert error={action.error} />
      <ul className="list-group mb-3">
        {roles.data?.map((member) => (
          <li key={member.id} className="list-group-item d-flex flex-wrap gap-2 align-items-center">
            <PersonLink person={member} />
            <span className="badge text-bg-info">{t(`staff.roles.${member.role}`)}</span>
            {member.listed ? (
              <span className="small text-body-secondary ms-auto">
                {t('staff.roles_page.listed')}
              </span>
            ) : (
              <button
                type="button"
                className="btn btn-sm btn-outline-danger ms-auto"
                disabled={action.isPending}
                onClick={() =>
                  void action.mutateAsync({ member: member.id, role: null }).catch(() => undefined)
                }
              >
                {t('staff.roles_page.revoke', { name: member.name ?? '' })}
              </button>
            )}
          </li>
        ))}
      </ul>
      <form className="d-flex flex-wrap gap-2 align-items-end" onSubmit={grant}>
        <div>
          <label htmlFor={inputId} className="form-label small fw-semibold mb-1">
            {t('staff.roles_page.member_id')}
          </label>
          <input
            id={inputId}
            className="form-control"
            inputMode="numeric"
            pattern="[0-9]*"
            value={memberId}
            onChange={(event) => setMemberId(event.target.value.replace(/\D/g, ''))}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={!memberId || action.isPending}>
          {t('staff.roles_page.grant')}
        </button>
      </form>
    </section>
  );
}
