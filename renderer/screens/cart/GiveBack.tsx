/**
 * A split sale whose crypto part ended unpaid (cancelled, expired, failed): the sale is recorded as
 * failed (not paid), and the cashier is told plainly what to hand back: the cash part already taken,
 * and the card payment to void on the terminal (with its reference).
 */
import { isPositive } from '../../../shared/money.js';
import { useQuoteAssets } from '../../api/hooks.js';
import { moneyText } from '../../app/format-money.js';
import { t } from '../../app/text.js';
import { useSale } from './hooks.js';

export function GiveBack({ orderId, locale }: { orderId: string; locale: string }) {
  const sale = useSale({ orderId }).data;
  const places = useQuoteAssets(true).data?.find((q) => q.assetId === sale?.currency)?.decimalDigit ?? 2;
  if (!sale) return null;
  const cash = sale.tenders.find((tender) => tender.kind === 'cash');
  const card = sale.tenders.find((tender) => tender.kind === 'card');
  if (!(cash && isPositive(cash.amount)) && !(card && isPositive(card.amount))) return null;
  const money = (amount: string) => moneyText(amount, places, locale, sale.symbol);
  return (
    <div className="give-back" role="alert">
      <p className="give-back-title">{t('saleNotPaid')}</p>
      {cash && isPositive(cash.amount) ? (
        <p className="give-back-cash">{t('giveBackCash', { amount: money(cash.amount) })}</p>
      ) : null}
      {card && isPositive(card.amount) ? (
        <p className="give-back-card">{t('voidCard', { amount: money(card.amount), reference: card.reference })}</p>
      ) : null}
    </div>
  );
}
