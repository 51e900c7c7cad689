import { formatMinor } from '@amora/shared/rules/money';
import type { MemberDetail as Detail } from '@amora/shared/schemas/staff';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { currentLocale } from '@/lib/i18n';
import { longDate, longDateTime } from '@/lib/locale-format';
import { useMemberDetail, useStaffMe } from '../api/staff-api';
import { CreditCorrectionForm } from './credit-correction';
import { MemberActions } from './member-actions';
import { PersonLink } from './person-link';
import { StatusBadge } from './status-badge';

function Block({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="card mb-3">
      <div className="card-body">
        <h3 className="h6">
          {title} <span className="badge text-bg-light">{count}</span>
        </h3>
        {count === 0 ? (
          <p className="small text-body-secondary mb-0">{t('staff.none')}</p>
        ) : (
          children
        )}
      </div>
    </section>
  );
}

function Reports({ rows }: { rows: Detail['reports_made'] }) {
  const { t } = useTranslation();
  return (
    <ul className="list-unstyled small mb-0">
      {rows.map((row) => (
        <li key={row.id}>
          #{row.id} · {t(`safety.reasons.${row.reason}`)} · <PersonLink person={row.other} /> ·{' '}
          {t(`staff.reports.status.${row.status}`)} · {longDate(row.created_at)}
        </li>
      ))}
    </ul>
  );
}

/** What staff need to judge a member, and the actions on them. */
export function MemberDetailView({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useMemberDetail(id);
  const admin = useStaffMe().data?.role === 'admin';
  if (detail.isError)
    return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <p className="text-body-secondary">{t('common.loading')}</p>;
  const { member, photos, reports_made, reports_received, orders, ledger, sessions } = detail.data;
  return (
    <div>
      <p className="mb-2">
        <Link to="/admin/members">← {t('staff.members.back')}</Link>
      </p>
      <div className="row g-3">
        <div className="col-lg-5">
          <section className="card mb-3">
            <div className="card-body">
              <h2 className="h4 d-flex flex-wrap gap-2 align-items-center">
                {member.name ?? t('staff.no_name')}
                <span className="text-body-secondary fs-6">#{member.id}</span>
                <StatusBadge status={member.status} />
                {member.role && (
                  <span className="badge text-bg-info">{t(`staff.roles.${member.role}`)}</span>
                )}
              </h2>
              {member.ban_reason && (
                <p className="alert alert-danger py-2 small">
                  {t('staff.members.ban_reason')} <q>{member.ban_reason}</q>
                </p>
              )}
              <dl className="row small mb-3">
                <dt className="col-5">{t('staff.members.signed_up')}</dt>
                <dd className="col-7">{longDate(member.signup_date)}</dd>
                <dt className="col-5">{t('staff.members.last_active')}</dt>
                <dd className="col-7">{longDateTime(member.last_active_at)}</dd>
                <dt className="col-5">{t('staff.members.confirmed')}</dt>
                <dd className="col-7">{member.activated ? t('staff.yes') : t('staff.no')}</dd>
                <dt className="col-5">{t('staff.members.place')}</dt>
                <dd className="col-7">
                  {[member.city, member.country].filter(Boolean).join(', ') || '–'}
                </dd>
                <dt className="col-5">{t('staff.members.credits')}</dt>
                <dd className="col-7">{member.credits}</dd>
                <dt className="col-5">{t('staff.members.premium_until')}</dt>
                <dd className="col-7">{member.paid_until ? longDate(member.paid_until) : '–'}</dd>
              </dl>
              <MemberActions member={member} />
              {admin && member.status !== 'deleted' && (
                <CreditCorrectionForm memberId={member.id} />
              )}
            </div>
          </section>
        </div>
        <div className="col-lg-7">
          <Block title={t('staff.members.photos')} count={photos.length}>
            <ul className="list-unstyled row row-cols-3 row-cols-md-4 g-2 mb-0">
              {photos.map((photo) => (
                <li key={photo.id} className="col">
                  <img
                    src={photo.url}
                    alt={t('staff.photos.alt', { name: member.name ?? '' })}
                    className={`rounded border w-100 staff-thumb${photo.screening === 'flagged' ? ' border-danger' : ''}`}
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          </Block>
          <Block title={t('staff.members.reports_received')} count={reports_received.length}>
            <Reports rows={reports_received} />
          </Block>
          <Block title={t('staff.members.reports_made')} count={reports_made.length}>
            <Reports rows={reports_made} />
          </Block>
          {/* Only an admin's answer has orders, ledger and sessions. */}
          {orders && (
            <Block title={t('staff.members.orders')} count={orders.length}>
              <ul className="list-unstyled small mb-0">
                {orders.map((order) => (
                  <li key={order.id}>
                    <Link to={`/admin/orders/${order.id}`}>
                      {longDate(order.created_at)} · {order.product} ·{' '}
                      {formatMinor(order.amount, order.currency, currentLocale())}
                    </Link>{' '}
                    · {t(`staff.orders.status.${order.status}`, { defaultValue: order.status })}
                  </li>
                ))}
              </ul>
            </Block>
          )}
          {ledger && (
            <Block title={t('staff.members.ledger')} count={ledger.length}>
              <ul className="list-unstyled small mb-0">
                {ledger.map((row) => (
                  <li key={row.id}>
                    {longDateTime(row.created_at)} ·{' '}
                    {row.amount > 0 ? `+${row.amount}` : row.amount} ·{' '}
                    {t(`credits.reason.${row.reason}`, { defaultValue: row.reason })}
                  </li>
                ))}
              </ul>
            </Block>
          )}
          {sessions && (
            <Block title={t('staff.members.sessions')} count={sessions.length}>
              <ul className="list-unstyled small mb-0">
                {sessions.map((session) => (
                  <li key={session.created_at} className="text-truncate">
                    {longDateTime(session.last_used_at)} · {session.user_agent ?? '–'}
                  </li>
                ))}
              </ul>
            </Block>
          )}
        </div>
      </div>
    </div>
  );
}
