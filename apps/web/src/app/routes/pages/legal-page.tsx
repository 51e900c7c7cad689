import { useTranslation } from 'react-i18next';
import {
  LegalDocument,
  type LegalDocumentName,
  useLegalDocument,
} from '@/components/legal-document';
import { PageHeader } from '@/components/page-header';
import { useSettings } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCurrentRoute } from '../../layouts/current-route';

/** /pages/terms and /pages/privacy: the same texts as the signup form's modals. */
export function Component() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const name: LegalDocumentName = route?.name === 'pages-privacy' ? 'privacy' : 'terms';
  const { data } = useLegalDocument(name);
  const title = data?.title ?? t(`routes.pages-${name}.title`);
  useDocumentTitle(title, useSettings().data?.name ?? 'Amora');
  return (
    <div className="py-2" style={{ maxWidth: '48rem' }}>
      <PageHeader title={title} />
      <div className="card">
        <div className="card-body p-4">
          <LegalDocument name={name} />
        </div>
      </div>
    </div>
  );
}
