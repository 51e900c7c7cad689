import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushStatus } from '@/lib/use-push';

/** Step 1: ask for notifications, in words first, the browser's prompt only on a click. */
export function PushStep({
  onSubscribe,
  onSkip,
}: {
  onSubscribe: () => Promise<PushStatus>;
  onSkip: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <div className="text-center">
      <div
        className="feature-icon mx-auto mb-3"
        aria-hidden="true"
        style={{ width: '4rem', height: '4rem' }}
      >
        <BellRing />
      </div>
      <h2 className="h4">{t('signup.push.title')}</h2>
      <p className="text-body-secondary">{t('signup.push.text')}</p>
      <div className="d-grid gap-2">
        <button
          type="button"
          className="btn btn-primary btn-lg"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await onSubscribe();
            setBusy(false);
          }}
        >
          {t('signup.push.allow')}
        </button>
        <button type="button" className="btn btn-link" onClick={onSkip}>
          {t('signup.push.later')}
        </button>
      </div>
    </div>
  );
}
