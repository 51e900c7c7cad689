import {
  LegalDocument,
  type LegalDocumentName,
  useLegalDocument,
} from '@/components/legal-document';
import { Modal } from '@/components/modal';

export function LegalModal({
  document,
  onClose,
}: {
  document: LegalDocumentName;
  onClose: () => void;
}) {
  const { data } = useLegalDocument(document);
  return (
    <Modal title={data?.title ?? ''} onClose={onClose}>
      <LegalDocument name={document} />
    </Modal>
  );
}
