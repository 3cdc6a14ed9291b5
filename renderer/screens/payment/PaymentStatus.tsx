/**
 * The payment's live status in words, and the countdown of the current instruction's window, which the
 * main process renews by itself (docs/api.md, "Results and statuses", "Deadlines and windows").
 */
import type { OrderView } from '../../../shared/posapi.js';
import { formatAmount } from '../../app/format.js';
import { clockText } from '../../app/network.js';
import { t } from '../../app/text.js';
import { cancelled, failureText } from './failure-text.js';
import { useSecondsLeft } from './useSecondsLeft.js';

function StatusLine({ order, locale }: { order: OrderView; locale: string }) {
  const p = order.progress;
  const symbol = order.instruction?.paymentSymbol ?? '';
  switch (order.status) {
    case 'confirming':
      return <>{t('status_confirming', { n: Math.max(p?.confirmations ?? 0, 0), m: p?.requiredConfirmations ?? 0 })}</>;
    case 'paid_less':
      return (
        <>
          {t('status_paid_less', {
            paid: formatAmount(p?.paidAmount ?? '0', locale),
            payable: formatAmount(p?.payableAmount ?? '0', locale),
            symbol,
            remaining: formatAmount(p?.remainingAmount ?? '0', locale),
          })}
        </>
      );
    case 'failed':
      return <>{`${cancelled(order) ? t('status_cancelled') : t('status_failed')}: ${failureText(order)}`}</>;
    default:
      return <>{t(`status_${order.status}`)}</>;
  }
}

export function PaymentStatus({ order, locale }: { order: OrderView; locale: string }) {
  return (
    <p className={`status status-${order.status}`} role="status" aria-live="polite">
      <StatusLine order={order} locale={locale} />
    </p>
  );
}

/**
 * The time the payer has left: to the payment's deadline (the shop's time to pay), and to the renewal of
 * the current quote; both as mm:ss.
 */
export function Countdown({ expire, payBy }: { expire: number; payBy: number }) {
  const quoteLeft = useSecondsLeft(expire);
  const deadlineLeft = useSecondsLeft(payBy > 0 ? payBy / 1000 : undefined);
  return (
    <div className="countdown">
      {deadlineLeft !== undefined ? (
        <p className="deadline">
          {deadlineLeft > 0 ? t('timeToPay', { time: clockText(deadlineLeft) }) : t('timeToPayOver')}
        </p>
      ) : null}
      <p>{quoteLeft && quoteLeft > 0 ? t('expiresInTime', { time: clockText(quoteLeft) }) : t('renewing')}</p>
    </div>
  );
}
