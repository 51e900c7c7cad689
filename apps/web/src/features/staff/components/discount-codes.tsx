import type { AdminCode } from '@amora/shared/schemas/site-admin';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { LoadError } from '@/components/load-error';
import { longDate, longDateTime } from '@/lib/locale-format';
import { useCodes, useCodeUses, useCreateCode, useUpdateCode } from '../api/staff-api';
import { LabelledField } from './labelled-field';
import { PersonLink } from './person-link';

/** A new campaign code: its text, percent, last day and limits. */
function NewCode() {
  const { t } = useTranslation();
  const create = useCreateCode();
  const [code, setCode] = useState('');
  const [percent, setPercent] = useState('20');
  const [until, setUntil] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await create.mutateAsync({
        code,
        percent: Number(percent),
        products: null,
        valid_until: until,
        max_uses: maxUses ? Number(maxUses) : null,
        max_uses_per_member: 1,
      });
      setCode('');
      setMaxUses('');
    } catch {
      // Shown from create.error.
    }
  };
  const digits = (value: string) => value.replace(/\D/g, '');
  return (
    <form className="card card-body mb-3" onSubmit={submit} noValidate>
      <h3 className="h6">{t('staff.codes.new')}</h3>
      <div className="row g-2 align-items-end">
        <div className="col-sm-6 col-lg-3">
          <LabelledField className="" label={t('staff.codes.code')}>
            {(id) => (
              <input
                id={id}
                className="form-control text-uppercase"
                value={code}
                maxLength={32}
                onChange={(event) => setCode(event.target.value.toUpperCase())}
              />
            )}
          </LabelledField>
        </div>
        <div className="col-6 col-lg-2">
          <LabelledField className="" label={t('staff.codes.percent')}>
            {(id) => (
              <input
                id={id}
                className="form-control"
                inputMode="numeric"
                value={percent}
                onChange={(event) => setPercent(digits(event.target.value))}
              />
            )}
          </LabelledField>
        </div>
        <div className="col-6 col-lg-3">
          <LabelledField className="" label={t('staff.codes.until')}>
            {(id) => (
              <input
                id={id}
                type="date"
                className="form-control"
                value={until}
                onChange={(event) => setUntil(event.target.value)}
              />
            )}
          </LabelledField>
        </div>
        <div className="col-6 col-lg-2">
          <LabelledField className="" label={t('staff.codes.max_uses')}>
            {(id) => (
              <input
                id={id}
                className="form-control"
                inputMode="numeric"
                placeholder="∞"
                value={maxUses}
                onChange={(event) => setMaxUses(digits(event.target.value))}
              />
            )}
          </LabelledField>
        </div>
        <div className="col-6 col-lg-2">
          <button
            type="submit"
            className="btn btn-primary w-100"
            disabled={!code || !percent || !until || create.isPending}
          >
            {t('staff.codes.create')}
          </button>
        </div>
      </div>
      <ErrorAlert error={create.error} className="mt-2 mb-0" />
    </form>
  );
}

function Uses({ id }: { id: number }) {
  const { t } = useTranslation();
  const uses = useCodeUses(id);
  if (uses.isError) return <LoadError error={uses.error} onRetry={() => void uses.refetch()} />;
  if (!uses.data) return <p className="small text-body-secondary">{t('common.loading')}</p>;
  if (uses.data.length === 0) return <p className="small text-body-secondary">{t('staff.none')}</p>;
  return (
    <ul className="list-unstyled small mb-0">
      {uses.data.map((use) => (
        <li key={use.order_id}>
          {longDateTime(use.created_at)} · <PersonLink person={use.member} /> ·{' '}
          {t(`staff.codes.use_state.${use.state}`)} ·{' '}
          <Link to={`/admin/orders/${use.order_id}`}>
            <code>{use.order_id.slice(0, 8)}</code>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function CodeRow({ code }: { code: AdminCode }) {
  const { t } = useTranslation();
  const update = useUpdateCode();
  const [open, setOpen] = useState(false);
  return (
    <li className="list-group-item">
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <code className="fs-6">{code.code}</code>
        <span className="badge text-bg-primary">{code.percent}%</span>
        {code.paused && <span className="badge text-bg-warning">{t('staff.codes.paused')}</span>}
        <span className="small text-body-secondary">
          {t('staff.codes.summary', {
            until: longDate(code.valid_until),
            uses: code.uses,
            max: code.max_uses ?? '∞',
          })}
        </span>
        <span className="ms-auto d-flex gap-2">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {t('staff.codes.uses')}
          </button>
          <button
            type="button"
            className={`btn btn-sm ${code.paused ? 'btn-success' : 'btn-outline-warning'}`}
            disabled={update.isPending}
            onClick={() =>
              void update.mutateAsync({ id: code.id, paused: !code.paused }).catch(() => undefined)
            }
          >
            {code.paused
              ? t('staff.codes.resume', { code: code.code })
              : t('staff.codes.pause', { code: code.code })}
          </button>
        </span>
      </div>
      <ErrorAlert error={update.error} className="mt-2 mb-0" />
      {open && (
        <div className="mt-2">
          <Uses id={code.id} />
        </div>
      )}
    </li>
  );
}

/** Admins only: campaign codes, created, paused and watched here. */
export function DiscountCodes() {
  const { t } = useTranslation();
  const codes = useCodes();
  return (
    <section aria-labelledby="codes-title">
      <h2 id="codes-title" className="h5">
        {t('staff.sections.codes')}
      </h2>
      <NewCode />
      {codes.isError && <LoadError error={codes.error} onRetry={() => void codes.refetch()} />}
      {codes.data?.length === 0 && <p className="text-body-secondary">{t('staff.codes.empty')}</p>}
      <ul className="list-group">
        {codes.data?.map((code) => (
          <CodeRow key={code.id} code={code} />
        ))}
      </ul>
    </section>
  );
}
