/** Filters over the day's orders (status, payment asset, wallet or on chain, cashier, search) and how many match. */
import type { DayReview, OrderStatus } from '../../../shared/posapi.js';
import { t } from '../../app/text.js';
import type { OrderFilter, OrderMethod } from './useDayReview.js';

/** The statuses an order of the till can have, in the order a payment moves through them. */
const STATUSES: OrderStatus[] = [
  'queued',
  'unpaid',
  'confirming',
  'paid_less',
  'pending',
  'auditing',
  'success',
  'failed',
];

/** The cashiers of the day (with takings or on this page), by account id. */
function cashiersOf(review: DayReview | undefined): [string, string][] {
  const names = new Map<string, string>();
  for (const c of review?.totals.perCashier ?? []) if (c.cashierId) names.set(c.cashierId, c.cashierName);
  for (const o of review?.orders ?? []) if (o.cashierId) names.set(o.cashierId, o.cashierName);
  return [...names.entries()];
}

export function OrderFilters({
  filter,
  onRefine,
  review,
}: {
  filter: OrderFilter;
  onRefine: (change: Partial<OrderFilter>) => void;
  review: DayReview | undefined;
}) {
  return (
    <div className="row filters no-print">
      <label className="inline">
        {t('filterStatus')}
        <select value={filter.status} onChange={(e) => onRefine({ status: e.target.value })}>
          <option value="">{t('any')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.replace('_', ' ')}
            </option>
          ))}
        </select>
      </label>
      <label className="inline">
        {t('filterAsset')}
        <select value={filter.assetId} onChange={(e) => onRefine({ assetId: e.target.value })}>
          <option value="">{t('any')}</option>
          {(review?.assets ?? []).map((a) => (
            <option key={a.assetId} value={a.assetId}>
              {a.symbol}
            </option>
          ))}
        </select>
      </label>
      <label className="inline">
        {t('filterMethod')}
        <select value={filter.method} onChange={(e) => onRefine({ method: e.target.value as OrderMethod })}>
          <option value="">{t('any')}</option>
          <option value="wallet">{t('wallet')}</option>
          <option value="chain">{t('onChain')}</option>
        </select>
      </label>
      <label className="inline">
        {t('filterCashier')}
        <select value={filter.cashierId} onChange={(e) => onRefine({ cashierId: e.target.value })}>
          <option value="">{t('any')}</option>
          {cashiersOf(review).map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="inline">
        {t('search')}
        <input type="search" value={filter.search} onChange={(e) => onRefine({ search: e.target.value })} />
      </label>
      <span>{review ? t('matching', { n: review.matching }) : ''}</span>
    </div>
  );
}
