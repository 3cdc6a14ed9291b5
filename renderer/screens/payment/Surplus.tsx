/**
 * What the payer sent beyond what was due (house-rules, "Amounts and results": `surplusAmount`), said
 * plainly on "Payment received" and "Payment successful": the paid amount alone is capped at what was due,
 * so an overpayment read as an exact one and nobody knew there was money to refund or keep.
 */
import type { OrderView } from '../../../shared/posapi.js';
import { formatMoney } from '../../../shared/i18n/format.js';
import { add, isDecimalText, isPositive } from '../../../shared/money.js';
import { t } from '../../app/text.js';

/** Everything received of the payment asset (paid toward the order + the surplus), and the surplus; '' none. */
export function receivedOf(order: OrderView): { received: string; more: string } {
  const paid = order.progress?.paidAmount ?? '0';
  const surplus = order.progress?.surplusAmount ?? '0';
  if (!isDecimalText(paid) || !isDecimalText(surplus) || !isPositive(surplus)) return { received: paid, more: '' };
  return { received: add(paid, surplus), more: surplus };
}

export function SurplusLine({ order, locale }: { order: OrderView; locale: string }) {
  const { received, more } = receivedOf(order);
  if (!more) return null;
  const symbol = order.instruction?.paymentSymbol ?? '';
  return (
    <p className="surplus warning">
      {t('paidMore', { received: formatMoney(received, symbol, locale), more: formatMoney(more, symbol, locale) })}
    </p>
  );
}
