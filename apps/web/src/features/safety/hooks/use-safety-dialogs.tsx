import { useState } from 'react';
import { BlockDialog } from '../components/block-dialog';
import { ReportDialog, type ReportTarget } from '../components/report-dialog';

type Open = { kind: 'block' } | ({ kind: 'report' } & ReportTarget) | null;

/**
 * Blocking and reporting one member from any screen: `askBlock` and `askReport` open the
 * dialogs, `dialogs` renders them; `onBlocked` moves the screen on once the member is blocked.
 */
export function useSafetyDialogs(
  profile: { id: number; name: string },
  onBlocked: () => void = () => {},
) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const dialogs =
    open?.kind === 'block' ? (
      <BlockDialog profile={profile} onClose={close} onBlocked={onBlocked} />
    ) : open?.kind === 'report' ? (
      <ReportDialog profile={profile} target={open} onClose={close} onBlocked={onBlocked} />
    ) : null;
  return {
    askBlock: () => setOpen({ kind: 'block' }),
    askReport: (target: ReportTarget = {}) => setOpen({ kind: 'report', ...target }),
    dialogs,
  };
}
