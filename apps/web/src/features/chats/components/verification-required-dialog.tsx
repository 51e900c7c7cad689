import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '@/components/modal';

/**
 * Why a new chat was refused (403 `verification_required`, issue 48): the member lets only
 * verified members write. Offers the verification on the own profile (its card has the id
 * `verification`).
 */
export function VerificationRequiredDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('chat.verification_required.title')}
      onClose={onClose}
      size="md"
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('common.close')}
          </button>
          <Link to="/profile#verification" className="btn btn-primary" onClick={onClose}>
            {t('chat.verification_required.verify')}
          </Link>
        </>
      }
    >
      <div className="d-flex gap-3">
        <BadgeCheck size={28} aria-hidden="true" className="flex-shrink-0 verified-badge" />
        <div className="flex-grow-1" style={{ minWidth: 0 }}>
          <p>{t('chat.verification_required.text')}</p>
          <p className="small text-body-secondary mb-0">{t('chat.verification_required.hint')}</p>
        </div>
      </div>
    </Modal>
  );
}
