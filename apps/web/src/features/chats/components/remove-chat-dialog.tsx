import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';

/** Asks before a chat leaves the list; says that the other member keeps it. */
export function RemoveChatDialog({
  name,
  onConfirm,
  onClose,
}: {
  name: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('chat.remove_title')}
      onClose={onClose}
      size="md"
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('chat.cancel')}
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm}>
            {t('chat.remove_confirm')}
          </button>
        </>
      }
    >
      <p className="mb-0">{t('chat.remove_text', { name })}</p>
    </Modal>
  );
}
