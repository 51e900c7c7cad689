import { Ban, Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Report and block as plain links under a profile's buttons, where there is room to spell
 * them out (a card has the "⋯" menu instead). The dialogs come from `useSafetyDialogs`.
 */
export function MemberSafetyLinks({
  name,
  onReport,
  onBlock,
}: {
  name: string;
  onReport: () => void;
  onBlock: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-wrap gap-3 mt-2">
      <button
        type="button"
        className="btn btn-link btn-sm px-0 text-body-secondary d-inline-flex align-items-center gap-1"
        onClick={onReport}
      >
        <Flag size={16} aria-hidden="true" />
        {t('safety.report_member', { name })}
      </button>
      <button
        type="button"
        className="btn btn-link btn-sm px-0 text-body-secondary d-inline-flex align-items-center gap-1"
        onClick={onBlock}
      >
        <Ban size={16} aria-hidden="true" />
        {t('safety.block_member', { name })}
      </button>
    </div>
  );
}
