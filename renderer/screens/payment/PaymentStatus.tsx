/**
 * The payment's live status in words, and the countdown of the current instruction's window, which the
 * main process renews by itself (docs/api.md, "Results and statuses", "Deadlines and windows").
 */
import type { OrderView } from '../../../shared/posapi.js';
import { formatAmount } from '../../app/format.js';
import { t } from '../../app/text.js';
import { failureText } from './failure-text.js';
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
      return <>{`${t('status_failed')}: ${failureText(order)}`}</>;
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

/** Seconds left in the instruction's window; at 0 the main process is already asking for a new one. */
export function Countdown({ expire }: { expire: number }) {
  const secondsLeft = useSecondsLeft(expire);
  return (
    <p className="countdown">
      {secondsLeft && secondsLeft > 0 ? t('expiresIn', { seconds: secondsLeft }) : t('renewing')}
    </p>
  );
}
