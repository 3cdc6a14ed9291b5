/**
 * After a manager cancelled an order on which money had arrived (issue 18): the outcome says how much
 * arrived and leads straight to its refund (the refund panel of that order, in place). On a paid order
 * (reopened from Recent orders) the same panel refunds all or part of it (a return).
 */
import { useState } from 'react';
import type { OrderView, TillSettings } from '../../../shared/posapi.js';
import { formatAmount } from '../../app/format.js';
import { t } from '../../app/text.js';
import { RefundPanel } from './RefundPanel.js';

export function RefundAfterCancel({ order, settings }: { order: OrderView; settings: TillSettings }) {
  const [open, setOpen] = useState(false);
  const amount = formatAmount(order.progress?.paidAmount ?? '0', settings.locale);
  const symbol = order.instruction?.paymentSymbol ?? '';
  const failed = order.status === 'failed';
  return (
    <div className="refund-after-cancel">
      {failed ? (
        <p className="warning" role="status">
          {t('cancelMoneyArrived', { amount, symbol })}
        </p>
      ) : null}
      {open ? (
        <RefundPanel orderId={order.orderId} settings={settings} />
      ) : (
        <button type="button" className={failed ? 'primary' : ''} onClick={() => setOpen(true)}>
          {failed ? t('refundAfterCancel') : t('refundThisOrder')}
        </button>
      )}
    </div>
  );
}
