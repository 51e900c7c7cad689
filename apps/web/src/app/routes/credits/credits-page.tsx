import { Coins, Crown, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { useCredits } from '@/features/credits/api/get-credits';
import { LedgerList } from '@/features/credits/components/ledger-list';
import { DiscountBanner } from '@/features/payments/components/discount-banner';
import { useActiveDiscount } from '@/features/payments/hooks/use-active-discount';
import { messagePrice } from '@/lib/message-price';
import { useSettings } from '@/lib/settings-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../../session/session-context';

const SKELETON_ROWS = ['r1', 'r2', 'r3'];

/**
 * /credits: the balance, what a message costs (in credits and money, or nothing with
 * premium), the history of every change, and the way to more credits.
 */
export function Component() {
  const { t } = useTranslation();
  const { user } = useSession();
  const settings = useSettings().data;
  const credits = useCredits(Boolean(user));
  const discount = useActiveDiscount(Boolean(user));
  // A personal or campaign code lives only in the URL: the link to the prices keeps it.
  const kind = discount.discount?.kind;
  const urlCode =
    kind === 'personal' || kind === 'campaign' ? (discount.discount?.code ?? null) : null;
  useDocumentTitle(t('routes.credits.title'));

  const first = credits.data?.pages[0];
  const entries = credits.data?.pages.flatMap((page) => page.ledger) ?? [];
  const price = messagePrice(settings, user?.profile.country);
  const paid = first?.paid_user ?? user?.paid_user ?? false;
  const perMessage = first?.message_credits ?? 0;
  const balance = first?.credits ?? user?.credits ?? 0;

  // A balance that moved elsewhere (a message from another tab) brings its ledger rows.
  const userCredits = user?.credits;
  const listedCredits = first?.credits;
  const { refetch } = credits;
  useEffect(() => {
    if (userCredits !== undefined && listedCredits !== undefined && userCredits !== listedCredits) {
      void refetch();
    }
  }, [userCredits, listedCredits, refetch]);

  return (
    <div className="py-2 mx-auto" style={{ maxWidth: '48rem' }}>
      <PageHeader title={t('routes.credits.title')}>{t('routes.credits.text')}</PageHeader>
      {credits.isError && !first && (
        <LoadError
          error={credits.error}
          what={t('credits.load_failed')}
          onRetry={() => void credits.refetch()}
        />
      )}
      <DiscountBanner active={discount} />
      <div className="d-grid gap-4">
        <section className="card balance-card" aria-labelledby="balance-title">
          <div className="card-body p-3 p-md-4 d-flex gap-3 align-items-center">
            <div className="feature-icon flex-shrink-0" aria-hidden="true">
              {paid ? <Crown /> : <Coins />}
            </div>
            <div className="min-w-0">
              <h2 id="balance-title" className="h6 text-body-secondary mb-0">
                {t('credits.balance_label')}
              </h2>
              {first ? (
                <p className="balance-amount mb-1">{t('credits.balance', { count: balance })}</p>
              ) : (
                <p className="placeholder-glow mb-1" aria-hidden="true">
                  <span className="placeholder col-6 rounded balance-amount" />
                </p>
              )}
              {first &&
                (paid ? (
                  <p className="mb-0">
                    <strong>{t('credits.premium')}</strong>{' '}
                    <span className="text-body-secondary">{t('credits.premium_text')}</span>
                  </p>
                ) : perMessage === 0 ? (
                  <p className="mb-0 text-body-secondary">{t('credits.premium_text')}</p>
                ) : (
                  <p className="mb-0 text-body-secondary">
                    {price
                      ? t('credits.message_cost', { count: perMessage, price })
                      : t('credits.message_cost_plain', { count: perMessage })}{' '}
                    {t('credits.enough_for', { count: Math.floor(balance / perMessage) })}
                  </p>
                ))}
            </div>
          </div>
        </section>

        {first && first.credits_owed > 0 && (
          <div className="alert alert-warning mb-0" role="status">
            {t('payments.credits_owed_text', { count: first.credits_owed })}
          </div>
        )}

        <SectionCard title={t('credits.get_more_title')} description={t('credits.get_more_text')}>
          <Link
            to={urlCode ? `/pricing?code=${encodeURIComponent(urlCode)}` : '/pricing'}
            className="btn btn-primary d-inline-flex align-items-center gap-2"
          >
            <Sparkles size={18} aria-hidden="true" />
            {t('credits.see_pricing')}
          </Link>
        </SectionCard>

        <section className="card" aria-labelledby="history-title">
          <div className="card-body p-3 p-md-4 pb-2 pb-md-2">
            <h2 id="history-title" className="h5 mb-0">
              {t('credits.history')}
            </h2>
          </div>
          {credits.isPending && (
            <ul
              className="list-group list-group-flush ledger-list placeholder-glow"
              aria-hidden="true"
            >
              {SKELETON_ROWS.map((key) => (
                <li key={key} className="list-group-item ledger-row">
                  <span className="placeholder col-6 rounded" />
                </li>
              ))}
            </ul>
          )}
          {first && entries.length === 0 && (
            <p className="px-3 px-md-4 text-body-secondary">{t('credits.history_empty')}</p>
          )}
          {entries.length > 0 && <LedgerList entries={entries} />}
          {credits.hasNextPage && (
            <div className="card-body text-center pt-2">
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={credits.isFetchingNextPage}
                onClick={() => void credits.fetchNextPage()}
              >
                {credits.isFetchingNextPage && (
                  <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                )}
                {t('credits.load_more')}
              </button>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
