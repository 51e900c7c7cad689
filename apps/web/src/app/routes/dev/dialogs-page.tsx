import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { ActivationRequiredDialog } from '@/features/activation/components/activation-required-dialog';
import { RemoveChatDialog } from '@/features/chats/components/remove-chat-dialog';
import { LegalModal } from '@/features/signup/components/legal-modal';
import { useDocumentTitle } from '@/lib/use-document-title';
import { DemoOnly } from './demo-only';

const DIALOGS = ['remove_chat', 'terms', 'privacy', 'activation_required'] as const;
type Dialog = (typeof DIALOGS)[number];

/** /_dev/dialogs: each dialog of the app with sample content; confirming changes nothing. */
function DialogsPreview() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.dev-dialogs.title'));
  const [open, setOpen] = useState<Dialog | null>(null);
  // The dialogs refocus themselves when onClose changes: one function for their life.
  const close = useCallback(() => setOpen(null), []);
  return (
    <div className="container py-4">
      <PageHeader title={t('routes.dev-dialogs.title')}>{t('routes.dev-dialogs.text')}</PageHeader>
      <ul className="list-unstyled d-flex flex-wrap gap-2">
        {DIALOGS.map((dialog) => (
          <li key={dialog}>
            <button
              type="button"
              className="btn btn-outline-primary"
              onClick={() => setOpen(dialog)}
            >
              {t(`dev.dialog_${dialog}`)}
            </button>
          </li>
        ))}
      </ul>
      {open === 'remove_chat' && (
        <RemoveChatDialog name={t('dev.sample_name')} onConfirm={close} onClose={close} />
      )}
      {(open === 'terms' || open === 'privacy') && <LegalModal document={open} onClose={close} />}
      {open === 'activation_required' && (
        <ActivationRequiredDialog email="new.member@example.com" onClose={close} preview />
      )}
    </div>
  );
}

export function Component() {
  return (
    <DemoOnly>
      <DialogsPreview />
    </DemoOnly>
  );
}
