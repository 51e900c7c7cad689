import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * The mark of a verified member (issue 48: a person compared their selfie in an assigned pose
 * with their photos). An icon after the name whose accessible name is its hidden text
 * ("Verified"), so a screen reader reads it with the name; `labelled` shows the word too.
 */
export function VerifiedBadge({
  size = 16,
  labelled = false,
}: {
  size?: number;
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  if (labelled) {
    return (
      <span className="badge rounded-pill verified-pill d-inline-flex align-items-center gap-1">
        <BadgeCheck size={size} aria-hidden="true" />
        {t('common.verified')}
      </span>
    );
  }
  return (
    <span className="verified-badge" title={t('common.verified_title')}>
      <BadgeCheck size={size} aria-hidden="true" />
      {/* The space keeps the word apart from the name when read out. */}
      <span className="visually-hidden"> {t('common.verified')}</span>
    </span>
  );
}
