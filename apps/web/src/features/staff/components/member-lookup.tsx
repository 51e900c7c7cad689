import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { longDate } from '@/lib/locale-format';
import { useMemberLookup, useStaffMe } from '../api/staff-api';
import { StatusBadge } from './status-badge';

/** Finds a member by id, the start of the name or (admins only) exact e-mail address. */
export function MemberLookup() {
  const { t } = useTranslation();
  // The server answers an address lookup to admins only: a moderator is not offered it.
  const byAddress = useStaffMe().data?.role === 'admin';
  const label = byAddress ? 'staff.members.search_label' : 'staff.members.search_label_moderator';
  const placeholder = byAddress
    ? 'staff.members.search_placeholder'
    : 'staff.members.search_placeholder_moderator';
  const inputId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const found = useMemberLookup(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim());
  };
  return (
    <section aria-labelledby="lookup-title">
      <h2 id="lookup-title" className="h5">
        {t('staff.sections.members')}
      </h2>
      <form className="d-flex gap-2 mb-3" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          {t(label)}
        </label>
        <input
          id={inputId}
          type="search"
          className="form-control"
          placeholder={t(placeholder)}
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={!text.trim()}>
          {t('staff.members.search')}
        </button>
      </form>
      {found.isError && <LoadError error={found.error} onRetry={() => void found.refetch()} />}
      {found.data?.length === 0 && (
        <p className="text-body-secondary">{t('staff.members.none_found')}</p>
      )}
      {found.data && found.data.length > 0 && (
        <ul className="list-group">
          {found.data.map((member) => (
            <li
              key={member.id}
              className="list-group-item d-flex flex-wrap gap-2 align-items-center"
            >
              <Link to={`/admin/members/${member.id}`} className="fw-semibold">
                {member.name ?? t('staff.no_name')}
              </Link>
              <span className="text-body-secondary small">#{member.id}</span>
              <StatusBadge status={member.status} />
              {member.role && (
                <span className="badge text-bg-info">{t(`staff.roles.${member.role}`)}</span>
              )}
              <span className="small text-body-secondary ms-auto">
                {t('staff.members.since', { date: longDate(member.signup_date) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
