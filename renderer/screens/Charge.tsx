/** Charge: the amount on a big keypad (mouse, touch, keyboard), what the payer pays with, then Charge. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { TillSettings } from '../../shared/posapi.js';
import { useAppInfo, usePaymentAssets, useQuoteAssets } from '../api/hooks.js';
import { PosCallError } from '../api/pos-client.js';
import { usePosApi } from '../app/api-context.js';
import { compareAmounts, formatAmount, placesOf } from '../app/format.js';
import { t } from '../app/text.js';
import { Keypad } from '../components/Keypad.js';
import { useCashier } from '../state/cashier.js';

/** The last press-to-QR timing, for the e2e run's report. */
declare global {
  interface Window {
    __paydeskTimings?: { chargePressedAt?: number; qrShownAt?: number; successShownAt?: number };
  }
}

export function Charge({ settings }: { settings: TillSettings }) {
  const api = usePosApi();
  const queryClient = useQueryClient();
  const {
    amount,
    press,
    quoteAssetId,
    setQuote,
    paymentAssetId,
    setPayment,
    isChain,
    setChain,
    note,
    setNote,
    openOrder,
  } = useCashier();
  const quote = quoteAssetId || settings.quoteAssetId;
  const quotes = useQuoteAssets(true);
  const info = useAppInfo();
  const quoteAsset = quotes.data?.find((q) => q.assetId === quote);
  const [error, setError] = useState('');

  const problem = useMemo(() => {
    if (!amount || compareAmounts(amount.replace(/\.$/, ''), '0') === 0) return t('enterAmount');
    if (!quoteAsset) return '';
    const value = amount.replace(/\.$/, '');
    if (placesOf(value) > quoteAsset.decimalDigit)
      return t('amountDigits', { digits: quoteAsset.decimalDigit, symbol: quoteAsset.symbol });
    if (compareAmounts(value, quoteAsset.minQuoteAmount) < 0)
      return t('amountMin', { min: quoteAsset.minQuoteAmount, symbol: quoteAsset.symbol });
    if (compareAmounts(value, quoteAsset.maxQuoteAmount) > 0)
      return t('amountMax', { max: quoteAsset.maxQuoteAmount, symbol: quoteAsset.symbol });
    return '';
  }, [amount, quoteAsset]);
  const validAmount = problem === '' && amount !== '' ? amount.replace(/\.$/, '') : undefined;
  const assets = usePaymentAssets(quote, validAmount, true);
  const selected = assets.data?.find((a) => a.assetId === paymentAssetId);

  useEffect(() => {
    // Keep a sensible selection: the first usable asset when none (or an unusable one) is picked.
    if (!assets.data) return;
    if (!selected || !selected.usable) {
      const first = assets.data.find((a) => a.usable);
      if (first && first.assetId !== paymentAssetId) setPayment(first.assetId);
    }
    if (selected && isChain && !selected.onChainSupported) setChain(false);
  }, [assets.data, selected, paymentAssetId, setPayment, isChain, setChain]);

  const create = useMutation({
    mutationFn: () =>
      api.call('order.create', {
        quoteAssetId: quote,
        quoteAmount: validAmount!,
        paymentAssetId,
        isChain,
        ...(note.trim() ? { note: note.trim() } : {}),
      }),
    onSuccess: (order) => {
      queryClient.setQueryData(['order', order.orderId], order);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      openOrder(order.orderId);
    },
    onError: (e) => setError(e instanceof PosCallError ? e.shape.message : e.message),
  });
  const canCharge = validAmount !== undefined && selected?.usable === true && !create.isPending;
  const charge = () => {
    if (!canCharge) return;
    setError('');
    window.__paydeskTimings = { chargePressedAt: performance.now() };
    create.mutate();
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
      if (/^\d$/.test(event.key) || event.key === 'Backspace') press(event.key);
      else if (event.key === '.' || event.key === ',') press('.');
      else if (event.key === 'Escape') press('Clear');
      else if (event.key === 'Enter') {
        event.preventDefault();
        charge();
      } else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <section className="screen charge" aria-labelledby="charge-title">
      <h2 id="charge-title" className="visually-hidden">
        {t('chargeTitle')}
      </h2>
      <div className="charge-grid">
        <div>
          <label className="quote-select">
            {t('quoteCurrency')}
            <select value={quote} onChange={(e) => setQuote(e.target.value)}>
              {(quotes.data ?? []).map((q) => (
                <option key={q.assetId} value={q.assetId}>
                  {q.symbol}
                </option>
              ))}
            </select>
          </label>
          <output className="amount-display" aria-label={t('amount')} aria-live="polite">
            {amount
              ? formatAmount(amount.replace(/\.$/, ''), settings.locale) + (amount.endsWith('.') ? '.' : '')
              : '0'}{' '}
            {quoteAsset?.symbol ?? quote.toUpperCase()}
          </output>
          <p className="hint" role="status">
            {amount ? problem : ''}
          </p>
          <Keypad onKey={press} />
        </div>
        <div>
          <fieldset className="assets">
            <legend>{t('payWith')}</legend>
            {(assets.data ?? []).map((a) => (
              <button
                key={a.assetId}
                type="button"
                className={`asset${a.assetId === paymentAssetId ? ' selected' : ''}`}
                aria-pressed={a.assetId === paymentAssetId}
                disabled={!a.usable}
                title={a.usable ? a.name : a.reason}
                aria-label={
                  a.usable
                    ? `${a.symbol} (${a.network})`
                    : `${a.symbol} (${a.network}) ${t('unusable', { reason: a.reason })}`
                }
                onClick={() => setPayment(a.assetId)}
              >
                <strong>{a.symbol}</strong> <small>{a.network}</small>
              </button>
            ))}
          </fieldset>
          <fieldset className="method">
            <legend>{t('method')}</legend>
            <label className="inline">
              <input type="radio" name="method" checked={!isChain} onChange={() => setChain(false)} /> {t('wallet')}
            </label>
            <label className="inline">
              <input
                type="radio"
                name="method"
                checked={isChain}
                disabled={selected ? !selected.onChainSupported : false}
                onChange={() => setChain(true)}
              />{' '}
              {t('onChain')}
            </label>
          </fieldset>
          <label>
            {t('note')}
            <input value={note} maxLength={50} onChange={(e) => setNote(e.target.value)} />
          </label>
          {error ? (
            <p role="alert" className="error">
              {error}
            </p>
          ) : null}
          <button type="button" className="primary charge-button" disabled={!canCharge} onClick={charge}>
            {t('charge')}
          </button>
          {info.data?.mode === 'sandbox' ? <p className="hint">{t('testModeLong')}</p> : null}
        </div>
      </div>
    </section>
  );
}
