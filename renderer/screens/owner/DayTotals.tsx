/**
 * The day's totals: takings per quote currency, what payers paid in, per cashier, orders per status, and the
 * hourly chart.
 * Figures shown as text stay exact decimal strings; only the chart turns them into numbers.
 */
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { DayReview, DayTotals as Totals } from '../../../shared/posapi.js';
import { formatAmount } from '../../app/format.js';
import { t } from '../../app/text.js';
import { NetTakings } from '../refunds/NetTakings.js';

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip);

function Figures({ totals, locale }: { totals: Totals; locale: string }) {
  return (
    <section aria-labelledby="takings-title">
      <h3 id="takings-title">{t('takings')}</h3>
      <ul className="figures">
        {totals.perQuote.map((q) => (
          <li key={q.quoteAssetId}>
            <strong>
              {formatAmount(q.total, locale)} {q.symbol}
            </strong>{' '}
            <small>({q.count})</small>
          </li>
        ))}
      </ul>
      <h3>{t('paidIn')}</h3>
      <ul className="figures">
        {totals.perAsset.map((a) => (
          <li key={a.assetId}>
            {formatAmount(a.total, locale)} {a.symbol} <small>({a.count})</small>
          </li>
        ))}
      </ul>
      <h3>{t('byCashier')}</h3>
      <ul className="figures per-cashier">
        {totals.perCashier.map((c) => (
          <li key={`${c.cashierId}-${c.quoteAssetId}`}>
            {c.cashierName || t('noCashier')}: {formatAmount(c.total, locale)} {c.symbol} <small>({c.count})</small>
          </li>
        ))}
      </ul>
      <h3>{t('byStatus')}</h3>
      <ul className="figures">
        {Object.entries(totals.perStatus).map(([status, n]) => (
          <li key={status}>
            {status.replace('_', ' ')}: {n}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A colour of the theme (theme.css) for the canvas, which CSS variables do not reach. The variable holds
 * light-dark(...), which only an element's used colour resolves: a probe's computed colour is the one showing.
 */
function themeColour(name: string, fallback: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${name}, ${fallback})`;
  probe.hidden = true;
  document.body.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour || fallback;
}

function HourlyChart({ totals }: { totals: Totals }) {
  const ink = themeColour('--muted', '#4b5563');
  const grid = themeColour('--line', '#d1d5db');
  const axis = { ticks: { color: ink }, grid: { color: grid } };
  const data = {
    labels: totals.hourly.map((h) => `${String(h.hour).padStart(2, '0')}:00`),
    datasets: [
      {
        label: totals.hourlyCurrency,
        data: totals.hourly.map((h) => Number(h.total)),
        backgroundColor: themeColour('--primary-bg', '#0f766e'),
      },
    ],
  };
  return (
    <figure className="chart">
      <figcaption>{t('hourlyChart', { currency: totals.hourlyCurrency })}</figcaption>
      <Bar
        role="img"
        aria-label={t('chartText', {
          currency: totals.hourlyCurrency,
          hours:
            totals.hourly
              .filter((h) => h.count > 0)
              .map((h) => `${String(h.hour).padStart(2, '0')}:00 ${h.total}`)
              .join(', ') || t('chartNone'),
        })}
        data={data}
        options={{
          animation: false,
          responsive: true,
          plugins: { legend: { display: false } },
          scales: { x: axis, y: axis },
        }}
      />
    </figure>
  );
}

export function DayTotals({ review, locale }: { review: DayReview; locale: string }) {
  if (Object.keys(review.totals.perStatus).length === 0) return <p className="empty-day">{t('emptyDay')}</p>;
  return (
    <div className="totals">
      <Figures totals={review.totals} locale={locale} />
      <NetTakings review={review} locale={locale} />
      <HourlyChart totals={review.totals} />
    </div>
  );
}
