/** A printable receipt of one order (window.print: the browser's dialog, or Electron's). */
import type { TillSettings } from '../../shared/posapi.js';
import { useAppInfo, useOrder } from '../api/hooks.js';
import { RateLines } from '../components/RateLines.js';
import { formatAmount, formatDateTime } from '../app/format.js';
import { formatMoney } from '../app/format-money.js';
import { t } from '../app/text.js';
import { useCashier } from '../state/cashier.js';
import { PrintReceiptButton } from '../printing/PrintReceiptButton.js';
import { cancelled, failureText } from './payment/failure-text.js';
import { receivedOf } from './payment/Surplus.js';
import { OrderSale } from './cart/SaleReceipt.js';

export function Receipt({ settings }: { settings: TillSettings }) {
  const { orderId, newSale, go } = useCashier();
  const order = useOrder(orderId);
  const info = useAppInfo();
  const sandbox = info.data?.mode === 'sandbox' && settings.gateway.kind === 'embedded';
  const view = order.data;
  if (!view) return <p role="status">{t('loading')}</p>;
  const paid = view.progress?.paidAmount ?? '0';
  const symbol = view.instruction?.paymentSymbol ?? '';
  const received = receivedOf(view);
  return (
    <section className="screen receipt" aria-labelledby="receipt-title">
      <article className="receipt-paper">
        <h2 id="receipt-title">{t('receiptTitle')}</h2>
        {sandbox ? <p className="receipt-test">{t('testReceipt')}</p> : null}
        <dl>
          <dt>{t('receiptShop')}</dt>
          <dd>{settings.shopName || settings.payee?.fullName}</dd>
          <dt>{t('receiptTime')}</dt>
          <dd>{formatDateTime(view.updatedAt, settings.locale, settings.timeZone)}</dd>
          <dt>{t('receiptOrder')}</dt>
          <dd>{view.orderId}</dd>
          <dt>{t('receiptQuote')}</dt>
          <dd>{formatMoney(view.quoteAmount, view.quoteSymbol, settings.locale)}</dd>
          <dt>{t('receiptPaid')}</dt>
          <dd>
            {formatAmount(paid, settings.locale)} {symbol}
          </dd>
          {/* Paid is capped at what was due: an overpayment says all that was received, for the payer's records. */}
          {received.more ? (
            <>
              <dt>{t('receiptReceivedMore', { more: `${formatAmount(received.more, settings.locale)} ${symbol}` })}</dt>
              <dd>
                {formatAmount(received.received, settings.locale)} {symbol}
              </dd>
            </>
          ) : null}
          {view.cashierName ? (
            <>
              <dt>{t('receiptCashier')}</dt>
              <dd>{view.cashierName}</dd>
            </>
          ) : null}
          <RateLines rate={view.progress?.rate} asset={symbol} quote={view.quoteSymbol} settings={settings} />
          <dt>{t('receiptTrace')}</dt>
          <dd>
            <code>{view.traceId}</code>
          </dd>
          <dt>{t('receiptStatus')}</dt>
          <dd>
            {view.status === 'failed'
              ? `${cancelled(view) ? t('status_cancelled') : t('status_failed')}: ${failureText(view)}`
              : t(`status_${view.status}`, {
                  n: 0,
                  m: 0,
                  paid,
                  payable: view.progress?.payableAmount ?? '',
                  symbol,
                  remaining: view.progress?.remainingAmount ?? '',
                })}
          </dd>
        </dl>
        <OrderSale orderId={view.orderId} settings={settings} />
      </article>
      <div className="row no-print">
        <button type="button" onClick={() => window.print()}>
          {t('print')}
        </button>
        <PrintReceiptButton order={view} />
        <button type="button" onClick={() => go('orders')}>
          {t('navOrders')}
        </button>
        <button type="button" className="primary" onClick={newSale}>
          {t('newSale')}
        </button>
      </div>
    </section>
  );
}
