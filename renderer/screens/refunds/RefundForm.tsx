/**
 * Starting a refund (managers and the owner): how much (in the asset paid, or in the quote currency at
 * the payment's own rate or at today's, both conversions shown), where to, and why. The gateway checks
 * the address for its network and refuses more than what is left to refund; its words are shown.
 */
import { useId, useState } from 'react';
import { convert, isDecimalText, isPositive, multiply, roundDown } from '../../../shared/money.js';
import type { MoneyToResolve } from '../../../shared/wire-refunds.js';
import { t } from '../../app/text.js';
import { decimalTyped } from '../../app/format.js';
import { placesOf, refundAmountProblem, type AmountUnit } from './amount-problem.js';

type AmountIn = 'asset' | 'quote_original' | 'quote_today';

export interface RefundAsk {
  amount: string;
  amountIn: AmountIn;
  assetId: string;
  destination: string;
  reason: string;
}

/** What the amount typed is worth at a rate (quote per asset), for the owner to compare; '' when unknown. */
function worth(amount: string, price: string, toQuote: boolean): string {
  if (!isDecimalText(amount) || !isDecimalText(price) || !isPositive(price)) return '';
  // Rounded down for reading; the gateway converts the same way when it prepares the refund.
  return toQuote ? roundDown(multiply(amount, price), 2) : roundDown(convert(amount, '1', price), 8);
}

function AssetChoice({
  resolve,
  assetId,
  onChange,
}: {
  resolve: MoneyToResolve;
  assetId: string;
  onChange: (assetId: string) => void;
}) {
  if (resolve.refundable.length < 2) return null;
  return (
    <label>
      {t('refundAsset')}
      <select value={assetId} onChange={(e) => onChange(e.target.value)}>
        {resolve.refundable.map((r) => (
          <option key={r.assetId} value={r.assetId}>
            {r.symbol} ({t('refundLeft', { amount: r.amount })})
          </option>
        ))}
      </select>
    </label>
  );
}

/** The unit the amount is typed in (the asset, or the quote currency at either rate) and its decimal places. */
function unitOf(
  symbol: string,
  resolve: MoneyToResolve,
  assetId: string,
  amountIn: AmountIn,
  places: Places,
): AmountUnit {
  if (amountIn === 'asset') return { symbol, places: placesOf(places, assetId, '') };
  const quote = resolve.quoteAssetId.toUpperCase();
  return { symbol: quote, places: placesOf(places, resolve.quoteAssetId, quote) };
}

/** The amount as typed (a decimal comma read as a point) and, beside it, why it cannot be asked for. */
function AmountField({
  amount,
  problem,
  onChange,
}: {
  amount: string;
  problem: string;
  onChange: (a: string) => void;
}) {
  const problemId = useId();
  return (
    <>
      <label>
        {t('refundAmount')}
        <input
          value={amount}
          onChange={(e) => onChange(decimalTyped(e.target.value.trim()))}
          inputMode="decimal"
          aria-invalid={problem !== ''}
          aria-describedby={problem ? problemId : undefined}
        />
      </label>
      {/* Beside the field, so a grey "Prepare the refund" is never left unexplained. */}
      {problem ? (
        <p id={problemId} className="error field-problem">
          {problem}
        </p>
      ) : null}
    </>
  );
}

type Places = Readonly<Record<string, number>>;

export function RefundForm({
  resolve,
  busy,
  error,
  onAsk,
  locale = 'en-US',
  places = {},
}: {
  resolve: MoneyToResolve;
  busy: boolean;
  error: string;
  onAsk: (ask: RefundAsk) => void;
  locale?: string;
  /** Decimal places by asset id (lower case), from the gateway's quote asset list; others fall back. */
  places?: Places;
}) {
  const first = resolve.toResolve[0] ?? resolve.refundable[0];
  const [assetId, setAssetId] = useState(first?.assetId ?? resolve.paymentAssetId);
  const [amount, setAmount] = useState(first?.amount ?? '');
  const [amountIn, setAmountIn] = useState<AmountIn>('asset');
  const [destination, setDestination] = useState('');
  const [reason, setReason] = useState('');
  const symbol = resolve.refundable.find((r) => r.assetId === assetId)?.symbol ?? '';
  const quote = resolve.quoteAssetId.toUpperCase();
  const inAsset = amountIn === 'asset';
  const problem = refundAmountProblem(amount, unitOf(symbol, resolve, assetId, amountIn, places), locale);
  const ready = problem === '' && destination.trim() !== '' && reason.trim() !== '';
  return (
    <form
      className="refund-form"
      aria-labelledby="refund-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) onAsk({ amount, amountIn, assetId, destination: destination.trim(), reason: reason.trim() });
      }}
    >
      <h5 id="refund-form-title">{t('refundStart')}</h5>
      <AssetChoice resolve={resolve} assetId={assetId} onChange={setAssetId} />
      <AmountField amount={amount} problem={problem} onChange={setAmount} />
      <label>
        {t('refundAmountIn')}
        <select value={amountIn} onChange={(e) => setAmountIn(e.target.value as AmountIn)}>
          <option value="asset">{symbol || t('refundInAsset')}</option>
          <option value="quote_original">{t('refundInQuoteOriginal', { quote })}</option>
          <option value="quote_today">{t('refundInQuoteToday', { quote })}</option>
        </select>
      </label>
      <p className="hint" aria-live="polite">
        {t('refundRates', {
          original: worth(amount, resolve.originalPrice, inAsset) || '—',
          today: worth(amount, resolve.todayPrice, inAsset) || '—',
          unit: inAsset ? quote : symbol,
        })}
      </p>
      <label>
        {t('refundDestination')}
        <input value={destination} onChange={(e) => setDestination(e.target.value)} spellCheck={false} />
      </label>
      <label>
        {t('refundReason')}
        <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} />
      </label>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={!ready || busy}>
        {t('refundAsk')}
      </button>
    </form>
  );
}
