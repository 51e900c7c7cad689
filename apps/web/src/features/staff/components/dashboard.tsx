import type { Dashboard as Figures } from '@amora/shared/schemas/site-admin';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { localeTag } from '@/lib/locale-format';
import { useDashboard } from '../api/staff-api';

ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const FIGURES = ['signups', 'activations', 'messages', 'reports', 'orders'] as const;
type Figure = (typeof FIGURES)[number];

const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(localeTag(), {
    weekday: 'short',
    day: 'numeric',
  });

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat(localeTag(), { style: 'currency', currency }).format(amount / 100);

/** One figure: today and the week in numbers, the week as bars, and the same as a table. */
function FigureCard({ figure, data }: { figure: Figure; data: Figures }) {
  const { t } = useTranslation();
  const values = data.days.map((day) => day[figure]);
  const week = values.reduce((sum, n) => sum + n, 0);
  const label = t(`staff.dashboard.figures.${figure}`);
  const accent =
    getComputedStyle(document.documentElement).getPropertyValue('--bs-primary').trim() || '#c2185b';
  return (
    <section className="card h-100" aria-label={label}>
      <div className="card-body">
        <h3 className="h6 mb-1">{label}</h3>
        <p className="mb-2">
          <span className="fs-4 fw-semibold">{values.at(-1) ?? 0}</span>{' '}
          <span className="small text-body-secondary">
            {t('staff.dashboard.today')} · {t('staff.dashboard.week', { count: week })}
          </span>
        </p>
        <div style={{ height: '8rem' }} aria-hidden="true">
          <Bar
            data={{
              labels: data.days.map((day) => shortDay(day.day)),
              datasets: [{ label, data: values, backgroundColor: accent, borderRadius: 4 }],
            }}
            options={{
              maintainAspectRatio: false,
              animation: false,
              plugins: { legend: { display: false } },
              scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
            }}
          />
        </div>
        <table className="visually-hidden">
          <caption>{label}</caption>
          <tbody>
            {data.days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td>{day[figure]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Revenue per currency: today and the week, paid orders less refunds. */
function Revenue({ data }: { data: Figures }) {
  const { t } = useTranslation();
  const today = data.days.at(-1)?.day;
  const currencies = [...new Set(data.revenue.map((row) => row.currency))].sort();
  return (
    <section className="card h-100" aria-labelledby="revenue-title">
      <div className="card-body">
        <h3 id="revenue-title" className="h6">
          {t('staff.dashboard.revenue')}
        </h3>
        {currencies.length === 0 ? (
          <p className="small text-body-secondary mb-0">{t('staff.dashboard.no_revenue')}</p>
        ) : (
          <table className="table table-sm mb-0">
            <thead>
              <tr>
                <th scope="col">{t('staff.settings.currency')}</th>
                <th scope="col">{t('staff.dashboard.today')}</th>
                <th scope="col">{t('staff.dashboard.this_week')}</th>
              </tr>
            </thead>
            <tbody>
              {currencies.map((currency) => {
                const rows = data.revenue.filter((row) => row.currency === currency);
                const day = rows.find((row) => row.day === today)?.amount ?? 0;
                const week = rows.reduce((sum, row) => sum + row.amount, 0);
                return (
                  <tr key={currency}>
                    <th scope="row">{currency}</th>
                    <td>{money(day, currency)}</td>
                    <td>{money(week, currency)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

/** Admins only: the last seven days in figures. */
export function Dashboard() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  if (dashboard.isError) {
    return <LoadError error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  }
  if (!dashboard.data) return <p className="text-body-secondary">{t('common.loading')}</p>;
  return (
    <section aria-labelledby="dashboard-title">
      <h2 id="dashboard-title" className="h5">
        {t('staff.sections.dashboard')}
      </h2>
      <div className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3">
        {FIGURES.map((figure) => (
          <div className="col" key={figure}>
            <FigureCard figure={figure} data={dashboard.data} />
          </div>
        ))}
        <div className="col">
          <Revenue data={dashboard.data} />
        </div>
      </div>
    </section>
  );
}
