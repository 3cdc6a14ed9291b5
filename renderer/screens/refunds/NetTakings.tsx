/** The day's refunds in the day review: takings net of refunds, and money returned that was never takings. */
import type { DayReview } from '../../../shared/posapi.js';
import { formatAmount } from '../../app/format.js';
import { t } from '../../app/text.js';

export function NetTakings({ review, locale }: { review: DayReview; locale: string }) {
  const refunds = review.refunds;
  if (!refunds || refunds.items.length === 0) return null;
  const f = (amount: string) => formatAmount(amount, locale);
  return (
    <section aria-labelledby="net-takings-title" className="net-takings">
      <h3 id="net-takings-title">{t('netTakingsTitle')}</h3>
      <ul className="figures">
        {refunds.perQuote.map((q) => (
          <li key={q.quoteAssetId}>
            <strong>
              {t('netTakingsLine', {
                takings: f(q.takings),
                refunded: f(q.refundedFromTakings),
                net: f(q.net),
                symbol: q.symbol,
              })}
            </strong>
            {q.returnedNotTakings !== '0' ? (
              <>
                <br />
                <small>{t('returnedNotTakings', { amount: f(q.returnedNotTakings), symbol: q.symbol })}</small>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <ul className="refund-day-items">
        {refunds.items.map((r) => (
          <li key={r.refundId}>
            {f(r.amount)} {r.symbol} ({r.quoteValue || '—'} {r.quoteSymbol}) · {r.orderId} · {r.status} · {r.reason} ·{' '}
            {r.staffName}
          </li>
        ))}
      </ul>
    </section>
  );
}
