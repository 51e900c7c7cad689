import { ACTIVATION_POLL, activationStage } from '@amora/shared/rules/signup-steps';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getActivationStatus } from '../api/activation-status';

/**
 * Step 6: waits for the activation mail to leave, polling every 900 ms for at most 20
 * ticks; the text changes at ticks 4, 7 and 10.
 */
export function SendingStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let stopped = false;
    let count = 0;
    const timer = setInterval(async () => {
      count += 1;
      setTick(count);
      const delivered = await getActivationStatus()
        .then((r) => r.delivered)
        .catch(() => false);
      if (stopped) return;
      if (delivered || count >= ACTIVATION_POLL.ticks) {
        stopped = true;
        clearInterval(timer);
        onDone();
      }
    }, ACTIVATION_POLL.intervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [onDone]);

  const percent = Math.round((tick / ACTIVATION_POLL.ticks) * 100);
  return (
    <div className="text-center py-3" role="status" aria-live="polite">
      <div className="spinner-border text-primary mb-3" aria-hidden="true" />
      <p className="lead">{t(`signup.sending.stage_${activationStage(tick)}`)}</p>
      <div className="progress" aria-hidden="true" style={{ height: 6 }}>
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
