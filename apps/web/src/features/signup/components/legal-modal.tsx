import { Modal } from '@/components/modal';
import { SiteDocument, type SiteDocumentName, useSiteDocument } from '@/components/site-document';

export function LegalModal({
  document,
  onClose,
}: {
  document: SiteDocumentName;
  onClose: () => void;
}) {
  const { data } = useSiteDocument(document);
  return (
    <Modal title={data?.title ?? ''} onClose={onClose}>
      <SiteDocument name={document} />
    </Modal>
  );
}
