import type { MemberDetail } from '@amora/shared/schemas/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { toast } from '@/lib/toast';
import { useMemberAction } from '../api/staff-api';
import { NoteField } from './note-field';

type Action = 'ban' | 'unban' | 'warn';

/** Ban, unban or warn, each with the text staff write (the member reads a warning as written). */
export function MemberActions({ member }: { member: MemberDetail['member'] }) {
  const { t } = useTranslation();
  const mutation = useMemberAction();
  const [action, setAction] = useState<Action>(member.status === 'banned' ? 'unban' : 'warn');
  const [reason, setReason] = useState('');
  if (member.status === 'deleted') return null;
  const choices: Action[] = member.status === 'banned' ? ['unban'] : ['warn', 'ban'];
  const submit = async () => {
    try {
      await mutation.mutateAsync({ member: member.id, action, reason: reason.trim() });
      setReason('');
      toast.success(t(`staff.members.done.${action}`, { name: member.name ?? '' }));
    } catch {
      // Shown from mutation.error.
    }
  };
  return (
    <div className="border rounded p-3">
      <fieldset className="mb-2">
        <legend className="small fw-semibold mb-1">{t('staff.members.action')}</legend>
        <div className="btn-group btn-group-sm">
          {choices.map((value) => (
            <button
              key={value}
              type="button"
              className={`btn ${action === value ? (value === 'ban' ? 'btn-danger' : 'btn-primary') : 'btn-outline-secondary'}`}
              aria-pressed={action === value}
              onClick={() => setAction(value)}
            >
              {t(`staff.members.actions.${value}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <NoteField
        label={t('staff.members.reason')}
        hint={t(`staff.members.${action}_hint`)}
        value={reason}
        onChange={setReason}
      />
      <ErrorAlert error={mutation.error} />
      <button
        type="button"
        className={`btn ${action === 'ban' ? 'btn-danger' : 'btn-primary'}`}
        disabled={!reason.trim() || mutation.isPending}
        onClick={() => void submit()}
      >
        {t(`staff.members.submit.${action}`)}
      </button>
    </div>
  );
}
