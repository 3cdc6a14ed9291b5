/**
 * Payment: the QR, amount and countdown, the live status, then full-screen success or failure.
 * The parts live in ./payment/.
 */
import type { TillSettings } from '../../shared/posapi.js';
import { useAppInfo, useOrder } from '../api/hooks.js';
import { formatAmount } from '../app/format.js';
import { t } from '../app/text.js';
import { useCashier } from '../state/cashier.js';
import { CancelPayment } from './payment/CancelPayment.js';
import { ChainDetails } from './payment/ChainDetails.js';
import { PaymentOutcome } from './payment/PaymentOutcome.js';
import { PaymentQr } from './payment/PaymentQr.js';
import { Countdown, PaymentStatus } from './payment/PaymentStatus.js';
import { usePaymentSignals } from './payment/usePaymentSignals.js';
import { SandboxPanel } from './SandboxPanel.js';

export function Payment({ settings }: { settings: TillSettings }) {
  const orderId = useCashier((s) => s.orderId);
  const order = useOrder(orderId);
  const info = useAppInfo();
  const view = order.data;
  usePaymentSignals(orderId, view);

  if (!orderId) return null;
  if (order.isPending) return <p role="status">{t('loading')}</p>;
  if (!view) return <p role="alert">{t('error', { message: order.error?.message ?? '' })}</p>;
  if (view.status === 'success' || view.status === 'failed')
    return <PaymentOutcome order={view} locale={settings.locale} />;

  const instruction = view.instruction;
  const amountText = instruction
    ? `${formatAmount(instruction.paymentAmount, settings.locale)} ${instruction.paymentSymbol}`
    : '';
  return (
    <section className="screen payment" aria-labelledby="payment-title">
      <h2 id="payment-title" className="visually-hidden">
        {t('paymentTitle')}
      </h2>
      <div className="payment-grid">
        <PaymentQr order={view} locale={settings.locale} />
        <div>
          <p className="quote-line">
            {formatAmount(view.quoteAmount, settings.locale)} {view.quoteSymbol}
          </p>
          <p className="big-amount">{amountText}</p>
          <PaymentStatus order={view} locale={settings.locale} />
          {instruction && (view.status === 'unpaid' || view.status === 'paid_less') ? (
            <Countdown expire={instruction.expire} />
          ) : null}
          {instruction?.isChain ? <ChainDetails instruction={instruction} /> : null}
          <CancelPayment orderId={view.orderId} />
          {info.data?.mode === 'sandbox' && settings.gateway.kind === 'embedded' ? <SandboxPanel order={view} /> : null}
        </div>
      </div>
    </section>
  );
}
