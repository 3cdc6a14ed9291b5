/**
 * The end of a payment, full screen: success with what was charged, what was paid and the order id, or
 * failure (or cancellation, said as such) with why in words.
 */
import type { ReactNode } from 'react';
import type { OrderView } from '../../../shared/posapi.js';
import { formatAmount } from '../../app/format.js';
import { formatMoney, formatMoneyAmount } from '../../../shared/i18n/format.js';
import { t } from '../../app/text.js';
import { useCashier } from '../../state/cashier.js';
import { cancelled, failureText } from './failure-text.js';
import { moneySeen } from './money.js';
import { SurplusLine } from './Surplus.js';

export function PaymentOutcome({
  order,
  locale,
  notice,
  children,
}: {
  order: OrderView;
  locale: string;
  /** What the cashier must do first (give back a split sale's cash): above the buttons, read first. */
  notice?: ReactNode;
  /** More for this outcome (a refund of money that arrived on a cancelled order). */
  children?: ReactNode;
}) {
  const { newSale, go } = useCashier();
  const ok = order.status === 'success';
  const title = ok ? t('status_success') : cancelled(order) ? t('status_cancelled') : t('status_failed');
  return (
    <section
      className={`screen outcome ${ok ? 'success' : 'failed'}`}
      role="alertdialog"
      aria-labelledby="outcome-title"
      aria-describedby="outcome-detail"
    >
      <div className="outcome-mark" aria-hidden="true">
        {ok ? '✓' : '✕'}
      </div>
      <h2 id="outcome-title">{title}</h2>
      <p id="outcome-detail" className="outcome-amount">
        {ok ? formatMoney(order.quoteAmount, order.quoteSymbol, locale) : failureText(order)}
      </p>
      {ok ? (
        <p className="outcome-paid">
          {t('paidWhat', {
            paid: formatAmount(order.progress?.paidAmount ?? order.instruction?.paymentAmount ?? '0', locale),
            symbol: order.instruction?.paymentSymbol ?? '',
            quote: formatMoneyAmount(order.quoteAmount, order.quoteSymbol, locale),
            quoteSymbol: order.quoteSymbol,
            orderId: order.orderId,
          })}
        </p>
      ) : null}
      {ok ? <SurplusLine order={order} locale={locale} /> : null}
      {notice}
      <div className="row spaced">
        {/* A sale that took no money has nothing to give a receipt for; paid and partly paid ones do. */}
        {ok || moneySeen(order) ? (
          <button type="button" onClick={() => go('receipt')}>
            {t('receipt')}
          </button>
        ) : null}
        <button type="button" className="primary" autoFocus onClick={newSale}>
          {t('newSale')}
        </button>
      </div>
      {children}
    </section>
  );
}
