/** One page of the day's orders, newest first, each with its Details button; paging when more match. */
import type { DayOrderRow, DayReview, TillSettings } from '../../../shared/posapi.js';
import { formatAmount, formatTime } from '../../app/format.js';
import { formatMoney } from '../../app/format-money.js';
import { t } from '../../app/text.js';

function OrderRow(props: { o: DayOrderRow; settings: TillSettings; onOpen: () => void; open: boolean }) {
  const { o, settings, onOpen } = props;
  return (
    <tr className={props.open ? 'open' : undefined} aria-current={props.open ? 'true' : undefined}>
      <td>{formatTime(o.createdAt, settings.locale, settings.timeZone)}</td>
      <td>
        <code>{o.orderId}</code>
        {o.note ? <small className="order-note"> {o.note}</small> : null}
      </td>
      <td className="num">{formatMoney(o.quoteAmount, o.quoteSymbol, settings.locale)}</td>
      <td className="num">
        {formatAmount(o.paidAmount, settings.locale)} {o.paymentSymbol}{' '}
        {o.isChain ? <small>{t('onChain')}</small> : null}
      </td>
      <td>{o.cashierName || t('noCashier')}</td>
      <td>
        <span className={`badge status-${o.status}`}>{o.status.replace('_', ' ')}</span>
        {o.mismatch ? ' ⚠' : ''}
        {o.failedWithMoney ? <strong className="flag"> ⚠ {t('failedWithMoney')}</strong> : null}
      </td>
      <td>
        <button type="button" aria-label={`${t('details')} ${o.orderId}`} onClick={onOpen}>
          {t('details')}
        </button>
      </td>
    </tr>
  );
}

export function OrderList({
  orders,
  settings,
  onOpen,
  openId = null,
}: {
  orders: DayOrderRow[];
  settings: TillSettings;
  onOpen: (orderId: string) => void;
  /** The order whose detail is open beside the list (its row is marked). */
  openId?: string | null;
}) {
  return (
    <table className="no-print">
      <thead>
        <tr>
          <th scope="col">{t('colTime')}</th>
          <th scope="col">{t('colOrder')}</th>
          <th scope="col">{t('colAmount')}</th>
          <th scope="col">{t('paidIn')}</th>
          <th scope="col">{t('colCashier')}</th>
          <th scope="col">{t('colStatus')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('details')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <OrderRow
            key={o.orderId}
            o={o}
            settings={settings}
            onOpen={() => onOpen(o.orderId)}
            open={o.orderId === openId}
          />
        ))}
      </tbody>
    </table>
  );
}

/** Previous and next page, shown only when the matching orders do not fit on one page. */
export function OrderPager({
  review,
  page,
  onPage,
}: {
  review: DayReview | undefined;
  page: number;
  onPage: (page: number) => void;
}) {
  if (!review || review.matching <= review.pageSize) return null;
  return (
    <div className="row no-print">
      <button type="button" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('prevPage')}
      </button>
      <button type="button" disabled={(page + 1) * review.pageSize >= review.matching} onClick={() => onPage(page + 1)}>
        {t('nextPage')}
      </button>
    </div>
  );
}
