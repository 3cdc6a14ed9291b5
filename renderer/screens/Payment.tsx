/**
 * Payment: who is paid, the QR (or "Payment received" once money is seen), amount and countdowns, the
 * live status, then full-screen success or failure. The parts live in ./payment/.
 */
import { useEffect } from 'react';
import type { TillSettings } from '../../shared/posapi.js';
import { useAppInfo, useOrder } from '../api/hooks.js';
import { formatAmount } from '../app/format.js';
import { formatMoney } from '../app/format-money.js';
import { t } from '../app/text.js';
import { PayeeLine, payeeName } from '../components/PayeeLine.js';
import { useCashier } from '../state/cashier.js';
import { CancelPayment } from './payment/CancelPayment.js';
import { ChainDetails } from './payment/ChainDetails.js';
import { moneySeen, paidAndWaiting } from './payment/money.js';
import { PaymentOutcome } from './payment/PaymentOutcome.js';
import { GiveBack } from './cart/GiveBack.js';
import { PaymentQr } from './payment/PaymentQr.js';
import { Countdown, PaymentStatus } from './payment/PaymentStatus.js';
import { ScannerWarning } from './payment/ScannerWarning.js';
import { usePaymentSignals } from './payment/usePaymentSignals.js';
import { RefundAfterCancel } from './refunds/RefundAfterCancel.js';
import { SandboxPanel } from './SandboxPanel.js';
import { useAccess } from './signin/access.js';

export function Payment({ settings }: { settings: TillSettings }) {
  // Cancelling is a manager's (the permission table); a cashier's screen does not offer it.
  const access = useAccess(settings);
  const orderId = useCashier((s) => s.orderId);
  const setPaymentOpen = useCashier((s) => s.setPaymentOpen);
  const newSale = useCashier((s) => s.newSale);
  const order = useOrder(orderId);
  const info = useAppInfo();
  const view = order.data;
  usePaymentSignals(orderId, view);
  const open = view !== undefined && view.status !== 'success' && view.status !== 'failed';
  useEffect(() => {
    setPaymentOpen(open);
    return () => setPaymentOpen(false);
  }, [open, setPaymentOpen]);

  if (!orderId) return null;
  if (order.isPending) return <p role="status">{t('loading')}</p>;
  if (!view) return <p role="alert">{t('error', { message: order.error?.message ?? '' })}</p>;
  if (view.status === 'success' || view.status === 'failed')
    return (
      <PaymentOutcome
        order={view}
        locale={settings.locale}
        notice={view.status === 'failed' ? <GiveBack orderId={view.orderId} locale={settings.locale} /> : null}
      >
        {(view.status === 'success' || moneySeen(view)) && access.may('cancel') ? (
          <RefundAfterCancel order={view} settings={settings} />
        ) : null}
      </PaymentOutcome>
    );

  const instruction = view.instruction;
  const amountText = instruction
    ? `${formatAmount(instruction.paymentAmount, settings.locale)} ${instruction.paymentSymbol}`
    : '';
  const waiting = paidAndWaiting(view);
  return (
    <section className="screen payment" aria-labelledby="payment-title">
      <h2 id="payment-title" className="visually-hidden">
        {t('paymentTitle')}
      </h2>
      <PayeeLine settings={settings} />
      <div className="payment-grid">
        <div>
          <PaymentQr order={view} locale={settings.locale} payee={payeeName(settings)} />
          {/* Under the QR, not under the details: at 1024x600 the on-chain details fill their column. */}
          {info.data?.mode === 'sandbox' && settings.gateway.kind === 'embedded' ? <SandboxPanel order={view} /> : null}
        </div>
        <div>
          <p className="quote-line">{formatMoney(view.quoteAmount, view.quoteSymbol, settings.locale)}</p>
          <p className="big-amount">{amountText}</p>
          <PaymentStatus order={view} locale={settings.locale} />
          {instruction && (view.status === 'unpaid' || view.status === 'paid_less') ? (
            <Countdown expire={instruction.expire} payBy={view.payBy} />
          ) : null}
          {instruction ? <ScannerWarning instruction={instruction} /> : null}
          {instruction?.isChain && !waiting ? <ChainDetails instruction={instruction} /> : null}
          <div className="row spaced">
            {waiting ? (
              <button type="button" className="primary" onClick={newSale}>
                {t('newSale')}
              </button>
            ) : null}
            {access.may('cancel') ? (
              <CancelPayment order={view} locale={settings.locale} />
            ) : !waiting && !moneySeen(view) ? (
              <CancelPayment order={view} locale={settings.locale} asSeller />
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
