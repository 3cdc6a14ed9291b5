/**
 * Starting a refund (managers and the owner): how much (in the asset paid, or in the quote currency at
 * the payment's own rate or at today's, both conversions shown), where to, and why. The gateway checks
 * the address for its network and refuses more than what is left to refund; its words are shown.
 */
import { useState } from 'react';
import { convert, isDecimalText, isPositive, multiply, roundDown } from '../../../shared/money.js';
import type { MoneyToResolve } from '../../../shared/wire-refunds.js';
import { t } from '../../app/text.js';
import { decimalTyped } from '../../app/format.js';

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

export function RefundForm({
  resolve,
  busy,
  error,
  onAsk,
}: {
  resolve: MoneyToResolve;
  busy: boolean;
  error: string;
  onAsk: (ask: RefundAsk) => void;
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
  const ready = /^\d+(\.\d+)?$/.test(amount) && destination.trim() !== '' && reason.trim() !== '';
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
      <label>
        {t('refundAmount')}
        <input value={amount} onChange={(e) => setAmount(decimalTyped(e.target.value.trim()))} inputMode="decimal" />
      </label>
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
