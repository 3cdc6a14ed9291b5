/** The end of a payment, full screen: success with the amount charged, or failure with why in words. */
import type { OrderView } from '../../../shared/posapi.js';
import { formatAmount } from '../../app/format.js';
import { t } from '../../app/text.js';
import { useCashier } from '../../state/cashier.js';
import { failureText } from './failure-text.js';

export function PaymentOutcome({ order, locale }: { order: OrderView; locale: string }) {
  const { newSale, go } = useCashier();
  const ok = order.status === 'success';
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
      <h2 id="outcome-title">{ok ? t('status_success') : t('status_failed')}</h2>
      <p id="outcome-detail" className="outcome-amount">
        {ok ? `${formatAmount(order.quoteAmount, locale)} ${order.quoteSymbol}` : failureText(order)}
      </p>
      <div className="row">
        <button type="button" onClick={() => go('receipt')}>
          {t('receipt')}
        </button>
        <button type="button" className="primary" autoFocus onClick={newSale}>
          {t('newSale')}
        </button>
      </div>
    </section>
  );
}
