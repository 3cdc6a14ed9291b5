/**
 * What the payer sent beyond what was due (docs/api.md, "Amounts and surplus": `surplusAmount`), said
 * plainly on "Payment received" and "Payment successful": the paid amount alone is capped at what was due,
 * so an overpayment read as an exact one and nobody knew there was money to refund or keep.
 */
import type { OrderView } from '../../../shared/posapi.js';
import { formatMoney } from '../../../shared/i18n/format.js';
import { receivedInAll } from '../../../shared/overpayment.js';
import { t } from '../../app/text.js';

/** Everything received of the payment asset (paid toward the order + the surplus), and the surplus; '' none. */
export function receivedOf(order: OrderView): { received: string; more: string } {
  return receivedInAll(order.progress?.paidAmount ?? '0', order.progress?.surplusAmount ?? '0');
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
