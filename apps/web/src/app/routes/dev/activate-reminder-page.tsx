import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { ActivationReminder } from '@/features/activation/components/activation-reminder';
import { useDocumentTitle } from '@/lib/use-document-title';
import { DemoOnly } from './demo-only';

const SAMPLE = { email: 'new.member@example.com', activated: false };

/** /_dev/activate-reminder: the activation reminder as an unactivated member sees it. */
function ActivateReminderPreview() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.dev-activate-reminder.title'));
  return (
    <div className="container py-4">
      <PageHeader title={t('routes.dev-activate-reminder.title')}>
        {t('routes.dev-activate-reminder.text')}
      </PageHeader>
      <ActivationReminder user={SAMPLE} preview />
      <p className="small text-body-secondary mt-3">{t('activation.preview_note')}</p>
    </div>
  );
}

export function Component() {
  return (
    <DemoOnly>
      <ActivateReminderPreview />
    </DemoOnly>
  );
}
