import type { HeldMessage } from '@amora/shared/schemas/staff';
import { MessageSquareOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { LoadError } from '@/components/load-error';
import { longDateTime } from '@/lib/locale-format';
import { useHeldAction, useHeldMessages } from '../api/staff-api';
import { NoteField } from './note-field';
import { PersonLink } from './person-link';

function HeldItem({ message }: { message: HeldMessage }) {
  const { t } = useTranslation();
  const action = useHeldAction();
  const [banning, setBanning] = useState(false);
  const [reason, setReason] = useState('');
  const act = (body: { action: 'release' } | { action: 'ban'; reason: string }) =>
    void action.mutateAsync({ message: message.id, ...body }).catch(() => undefined);
  return (
    <li className="card">
      <div className="card-body">
        <p className="mb-1">
          <PersonLink person={message.sender} /> → <PersonLink person={message.recipient} />
          <span className="small text-body-secondary ms-2">{longDateTime(message.at)}</span>
        </p>
        <blockquote className="border-start border-3 ps-2 mb-2">{message.text}</blockquote>
        {message.blocked && (
          <p className="small mb-2">
            <span className="badge text-bg-warning me-2">{t('staff.held.blocked')}</span>
            {t('staff.held.blocked_hint')}
          </p>
        )}
        <ErrorAlert error={action.error} />
        {banning && (
          <NoteField
            label={t('staff.members.reason')}
            hint={t('staff.members.ban_hint')}
            value={reason}
            onChange={setReason}
          />
        )}
        <div className="d-flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-success"
            disabled={action.isPending}
            onClick={() => act({ action: 'release' })}
          >
            {t('staff.held.release')}
          </button>
          <button
            type="button"
            className="btn btn-outline-danger"
            disabled={action.isPending || (banning && !reason.trim())}
            onClick={() =>
              banning ? act({ action: 'ban', reason: reason.trim() }) : setBanning(true)
            }
          >
            {t('staff.held.ban_sender')}
          </button>
        </div>
      </div>
    </li>
  );
}

/** Messages the duplicate-text brake held: released (delivered then) or their sender banned. */
export function HeldQueue() {
  const { t } = useTranslation();
  const held = useHeldMessages();
  if (held.isError) return <LoadError error={held.error} onRetry={() => void held.refetch()} />;
  return (
    <section aria-labelledby="held-title">
      <h2 id="held-title" className="h5">
        {t('staff.sections.held')}
      </h2>
      <p className="small text-body-secondary">{t('staff.held.intro')}</p>
      {held.data?.length === 0 && (
        <EmptyState icon={<MessageSquareOff />} title={t('staff.held.empty')} />
      )}
      <ul className="list-unstyled d-grid gap-3">
        {held.data?.map((message) => (
          <HeldItem key={message.id} message={message} />
        ))}
      </ul>
      {held.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => void held.fetchNextPage()}
        >
          {t('staff.load_more')}
        </button>
      )}
    </section>
  );
}
