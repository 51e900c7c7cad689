import { useQueryClient } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { longDateTime } from '@/lib/locale-format';
import { type Discount, discountKeys } from '../api/get-discount';
import type { ActiveDiscount } from '../hooks/use-active-discount';
import { countdownParts } from '../utils/countdown';
import { discountWords } from '../utils/discount-words';

/**
 * The active discount code above the prices: how much off, the code, and the time left;
 * or why a code the link named cannot be used. `children`: a way on (to the prices).
 */
export function DiscountBanner({
  active,
  children,
}: {
  active: ActiveDiscount;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ErrorAlert error={active.error} />
      {active.namedUnavailable && active.named && (
        <div className="alert alert-warning" role="status">
          {t('discounts.code_unavailable', { code: active.named })}
        </div>
      )}
      {active.discount && (
        // Keyed by the code, so the next code (after one ends) counts on its own.
        <DiscountCard key={active.discount.code} discount={active.discount}>
          {children}
        </DiscountCard>
      )}
    </>
  );
}

function DiscountCard({ discount, children }: { discount: Discount; children?: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const left = useSecondsLeft(discount.expires_at);
  const ended = left === 0;
  // At its end the codes are asked again: the welcome code may take over. Once per end,
  // so a server that still gives the ended code is not asked every second.
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: discountKeys.all });
  }, [ended, queryClient]);
  if (ended) return null;
  const { days, clock } = countdownParts(left);
  const words = discountWords(discount);
  return (
    <section className="card discount-banner mb-4" aria-labelledby="discount-title">
      <div className="card-body p-3 p-md-4 d-flex gap-3 align-items-start">
        <div className="feature-icon flex-shrink-0" aria-hidden="true">
          <Gift />
        </div>
        <div className="min-w-0 flex-grow-1">
          <h2 id="discount-title" className="h5 mb-1">
            {t(words.title, { percent: discount.percent })}
          </h2>
          <p className="mb-1">
            {t('discounts.code_label')}{' '}
            <strong className="font-monospace text-break">{discount.code}</strong>
            {' · '}
            <span className="text-body-secondary">{t(words.covers)}</span>
          </p>
          <p className="mb-0 fw-medium">
            {t('discounts.ends_in')}{' '}
            {/* Read when reached, never announced on each tick (aria-live off). */}
            <span role="timer" aria-live="off" aria-atomic="true" className="font-monospace">
              {days > 0 ? t('discounts.days_and_clock', { count: days, clock }) : clock}
            </span>{' '}
            <span className="visually-hidden">
              {t('discounts.ends_on', { date: longDateTime(discount.expires_at) })}
            </span>
          </p>
          {children && <div className="mt-3">{children}</div>}
        </div>
      </div>
    </section>
  );
}

/** Whole seconds until `expiresAt`, ticking every second; 0 once it has passed. */
function useSecondsLeft(expiresAt: string) {
  const end = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  const left = Number.isNaN(end) ? 0 : Math.max(0, Math.ceil((end - now) / 1000));
  const done = left === 0;
  useEffect(() => {
    if (done) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [done]);
  return left;
}
