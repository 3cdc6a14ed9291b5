/** Today's orders for the cashier: status at a glance; open ones reopen, finished ones show the receipt. */
import type { OrderView, TillSettings } from '../../shared/posapi.js';
import { useOrders } from '../api/hooks.js';
import { formatTime } from '../app/format.js';
import { formatMoney } from '../app/format-money.js';
import { t } from '../app/text.js';
import { useCashier } from '../state/cashier.js';
import { moneySeen } from './payment/money.js';
import { useAccess } from './signin/access.js';

const ended = (o: OrderView) => o.status === 'success' || o.status === 'failed';

export function Orders({ settings }: { settings: TillSettings }) {
  const orders = useOrders();
  const { openOrder, go } = useCashier();
  const access = useAccess(settings);
  if (orders.isPending) return <p role="status">{t('loading')}</p>;
  const list = orders.data ?? [];
  return (
    <section className="screen orders" aria-labelledby="orders-title">
      <h2 id="orders-title">{t('ordersTitle')}</h2>
      {list.length === 0 ? (
        <p>{t('ordersEmpty')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('colTime')}</th>
              <th scope="col">{t('colOrder')}</th>
              <th scope="col">{t('colAmount')}</th>
              <th scope="col">{t('colStatus')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('open')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((o) => (
              <tr key={o.orderId}>
                <td>{formatTime(o.createdAt, settings.locale, settings.timeZone)}</td>
                <td>
                  <code>{o.orderId}</code>
                </td>
                <td className="num">{formatMoney(o.quoteAmount, o.quoteSymbol, settings.locale)}</td>
                <td>
                  <span className={`badge status-${o.status}`}>{t(`orderStatus_${o.status}`)}</span>
                </td>
                <td>
                  {o.status === 'success' || o.status === 'failed' ? (
                    <button
                      type="button"
                      aria-label={`${t('receipt')} ${o.orderId}`}
                      onClick={() => {
                        openOrder(o.orderId);
                        go('receipt');
                      }}
                    >
                      {t('receipt')}
                    </button>
                  ) : null}
                  {ended(o) && access.may('cancel') && (o.status === 'success' || moneySeen(o)) ? (
                    <button
                      type="button"
                      aria-label={`${t('refundOpen')} ${o.orderId}`}
                      onClick={() => openOrder(o.orderId)}
                    >
                      {t('refundOpen')}
                    </button>
                  ) : null}
                  {ended(o) ? null : (
                    <button type="button" aria-label={`${t('open')} ${o.orderId}`} onClick={() => openOrder(o.orderId)}>
                      {t('open')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
