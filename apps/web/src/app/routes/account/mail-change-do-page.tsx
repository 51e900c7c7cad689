import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmailChangeConfirmation } from '@/features/account/components/email-change-confirmation';
import { EmailChangeUndo } from '@/features/account/components/email-change-undo';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /mail-change/do: `?token=` (the mail to the new address) confirms on load; `?undo=`
 * (the notice to the old address) asks first, then puts the old address back.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const undo = params.get('undo');
  const title = undo ? t('email_change.undo_title') : t('routes.mail-change-do.title');
  useDocumentTitle(title);
  if (undo) return <EmailChangeUndo undo={undo} />;
  return <EmailChangeConfirmation token={params.get('token') ?? ''} />;
}
