/** An amount with its symbol, formatted for the shop's locale without losing digits. */
import { formatAmount } from '../app/format.js';

export function Amount({
  value,
  symbol,
  locale,
  className,
}: {
  value: string;
  symbol: string;
  locale: string;
  className?: string;
}) {
  return (
    <span className={className ?? 'amount'}>
      {formatAmount(value, locale)} {symbol}
    </span>
  );
}
