import { SERVICE_REQUEST_TOPICS } from '@amora/shared/schemas/service-requests';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ServiceRequestForm } from '@/features/service/components/service-request-form';
import { useDocumentTitle } from '@/lib/use-document-title';

type Topic = (typeof SERVICE_REQUEST_TOPICS)[number];
const isTopic = (value: string | null): value is Topic =>
  (SERVICE_REQUEST_TOPICS as readonly (string | null)[]).includes(value);

/** /complaints: how a complaint is handled, and the form to file one (`?topic=` preselects). */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.complaints.title'));
  const topic = useSearchParams()[0].get('topic');
  return (
    <div className="py-2" style={{ maxWidth: '48rem' }}>
      <PageHeader title={t('routes.complaints.title')}>{t('routes.complaints.text')}</PageHeader>
      <div className="card mb-3">
        <div className="card-body p-4">
          <h2 className="h6">{t('service.how_title')}</h2>
          <ol className="mb-3">
            <li>{t('service.how_1')}</li>
            <li>{t('service.how_2')}</li>
            <li>{t('service.how_3')}</li>
          </ol>
          <p className="mb-0 text-body-secondary">
            {t('service.question_instead')} <Link to="/pages/service">{t('footer.service')}</Link>
          </p>
        </div>
      </div>
      <ServiceRequestForm kind="complaint" {...(isTopic(topic) && { topic })} />
    </div>
  );
}
