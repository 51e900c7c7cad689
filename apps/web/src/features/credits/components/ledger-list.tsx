import { LOCALE_INFO } from '@amora/shared/constants';
import type { LedgerEntry } from '@amora/shared/schemas/credits';
import { Gift, MessageCircle, Scale, ShieldAlert, ShoppingBag, Undo2, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n';

const ICONS = {
  welcome: Gift,
  message: MessageCircle,
  purchase: ShoppingBag,
  opening: Wallet,
  refund: Undo2,
  chargeback: ShieldAlert,
  adjustment: Scale,
};

/** The credit history, newest first: what moved the balance, when, and by how much. */
export function LedgerList({ entries }: { entries: LedgerEntry[] }) {
  const { t } = useTranslation();
  const tag = LOCALE_INFO[currentLocale()].tag;
  const dates = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
  const numbers = new Intl.NumberFormat(tag, { signDisplay: 'exceptZero' });
  return (
    <ul className="list-group list-group-flush ledger-list">
      {entries.map((entry) => {
        const Icon = ICONS[entry.reason];
        const date = new Date(entry.created_at);
        return (
          <li key={entry.id} className="list-group-item ledger-row">
            <span className="ledger-icon" aria-hidden="true">
              <Icon size={18} />
            </span>
            <span className="flex-grow-1 min-w-0">
              <span className="d-block fw-medium">{t(`credits.reason.${entry.reason}`)}</span>
              <time className="small text-body-secondary" dateTime={entry.created_at}>
                {dates.format(date)}
              </time>
            </span>
            <span className={`ledger-amount ${entry.amount > 0 ? 'in' : 'out'}`}>
              <span className="visually-hidden">
                {t(entry.amount > 0 ? 'credits.added' : 'credits.spent', {
                  count: Math.abs(entry.amount),
                })}
              </span>
              <span aria-hidden="true">{numbers.format(entry.amount)}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
