import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Modal } from '@/components/modal';
import { toast } from '@/lib/toast';
import { useRefreshAfterBlock, useSetBlocked } from '../api/blocks';

/**
 * "Block Anna?": what a block does, said before it is done. The blocked member is not told;
 * after the block the screen moves on (`onBlocked`), since nothing of theirs shows any more.
 */
export function BlockDialog({
  profile,
  onClose,
  onBlocked,
}: {
  profile: { id: number; name: string };
  onClose: () => void;
  onBlocked: () => void;
}) {
  const { t } = useTranslation();
  const block = useSetBlocked();
  const refresh = useRefreshAfterBlock();
  const confirm = () =>
    block.mutate(
      { profile: profile.id, blocked: true },
      {
        onSuccess: () => {
          toast.success(t('safety.blocked_toast', { name: profile.name }));
          onClose();
          onBlocked();
          refresh();
        },
      },
    );
  return (
    <Modal
      title={t('safety.block_title', { name: profile.name })}
      onClose={onClose}
      size="md"
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('safety.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={block.isPending}
            onClick={confirm}
          >
            {t('safety.block_confirm')}
          </button>
        </>
      }
    >
      <p>{t('safety.block_text', { name: profile.name })}</p>
      <p className="mb-0 text-body-secondary">
        {t('safety.block_not_told', { name: profile.name })}
      </p>
      {block.error && <ErrorAlert error={block.error} className="mt-3 mb-0" />}
    </Modal>
  );
}
