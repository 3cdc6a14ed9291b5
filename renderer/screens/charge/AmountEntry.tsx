/**
 * The amount side of Charge: the quote currency, the amount as typed (grouped for the shop's locale,
 * never through a float), what is wrong with it, and the big keypad.
 */
import type { QuoteAssetView } from '../../../shared/posapi.js';
import { decimalSign, formatAmount } from '../../app/format.js';
import { t } from '../../app/text.js';
import { Keypad } from '../../components/Keypad.js';
import { MAX_DIGITS } from '../../state/cashier.js';
import { typedValue } from './amount-check.js';

export function AmountEntry({
  amount,
  full = false,
  problem,
  nudged = false,
  quote,
  quotes,
  locale,
  onQuote,
  onKey,
}: {
  amount: string;
  /** A digit was refused: the amount holds as many as it may. */
  full?: boolean;
  problem: string;
  /** Enter could not charge this amount: its problem shows (in red), also "Enter an amount" for none. */
  nudged?: boolean;
  quote: string;
  quotes: QuoteAssetView[];
  locale: string;
  onQuote: (assetId: string) => void;
  onKey: (key: string) => void;
}) {
  const quoteAsset = quotes.find((q) => q.assetId === quote);
  return (
    <div>
      <label className="quote-select">
        {t('quoteCurrency')}
        <select value={quote} onChange={(e) => onQuote(e.target.value)}>
          {quotes.map((q) => (
            <option key={q.assetId} value={q.assetId}>
              {q.symbol}
            </option>
          ))}
        </select>
      </label>
      <output
        className={`amount-display${amount.length > 9 ? ' long' : ''}`}
        aria-label={t('amount')}
        aria-live="polite"
        aria-describedby="amount-hint"
        tabIndex={0}
      >
        {/* A trailing decimal sign (the locale's) stays visible while the cashier types the decimals. */}
        {amount
          ? formatAmount(typedValue(amount), locale) + (amount.endsWith('.') ? decimalSign(locale) : '')
          : '0'}{' '}
        {quoteAsset?.symbol ?? quote.toUpperCase()}
      </output>
      <p id="amount-hint" className={(full && !problem) || (nudged && problem) ? 'hint error' : 'hint'} role="status">
        {amount || nudged ? problem || (full ? t('amountTooLong', { n: MAX_DIGITS }) : '') : ''}
      </p>
      <Keypad onKey={onKey} locale={locale} />
    </div>
  );
}
