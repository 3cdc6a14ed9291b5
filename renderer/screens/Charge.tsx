/**
 * Charge: the amount on a big keypad (mouse, touch, keyboard), what the payer pays with, then Charge
 * (docs/architecture.md, "From the Charge button to the gateway"). The parts live in ./charge/.
 */
import { useMemo } from 'react';
import type { PosArgs, TillSettings } from '../../shared/posapi.js';
import { PosCallError } from '../api/pos-client.js';
import { useAppInfo, usePaymentAssets, useQuoteAssets } from '../api/hooks.js';
import { t } from '../app/text.js';
import { PayeeLine } from '../components/PayeeLine.js';
import { useCashier } from '../state/cashier.js';
import { amountProblem, typedValue } from './charge/amount-check.js';
import { AmountEntry } from './charge/AmountEntry.js';
import { AssetPicker, MethodChoice, methodsOf } from './charge/AssetPicker.js';
import { useAssetSelection } from './charge/useAssetSelection.js';
import { useCharge } from './charge/useCharge.js';
import { useChargeKeys } from './charge/useChargeKeys.js';

/** Why "Pay with" is empty, in words. */
function emptyReason(error: Error | null, pending: boolean, online: boolean): string {
  if (!online || (error instanceof PosCallError && error.shape.code === 'gateway_unreachable'))
    return t('noAssetsOffline');
  if (pending) return t('loading');
  if (error) return t('noAssetsError', { message: error.message });
  return t('noAssetsNone');
}

export function Charge({ settings }: { settings: TillSettings }) {
  const { amount, press, quoteAssetId, setQuote, paymentAssetId, setPayment, isChain, setChain, note, setNote } =
    useCashier();
  const connection = useCashier((s) => s.connection);
  const amountFull = useCashier((s) => s.amountFull);
  const quote = quoteAssetId || settings.quoteAssetId;
  const quotes = useQuoteAssets(true);
  const info = useAppInfo();
  const quoteAsset = quotes.data?.find((q) => q.assetId === quote);
  const problem = useMemo(
    () => amountProblem(amount, quoteAsset, settings.locale),
    [amount, quoteAsset, settings.locale],
  );
  const validAmount = problem === '' && amount !== '' ? typedValue(amount) : undefined;
  const assets = usePaymentAssets(quote, validAmount, true);
  const selected = useAssetSelection(assets.data);
  const request: PosArgs<'order.create'> | null =
    validAmount !== undefined && selected?.usable === true
      ? {
          quoteAssetId: quote,
          quoteAmount: validAmount,
          paymentAssetId,
          isChain,
          ...(note.trim() ? { note: note.trim() } : {}),
        }
      : null;
  const { charge, canCharge, error } = useCharge(request);
  useChargeKeys(press, charge);

  return (
    <section className="screen charge" aria-labelledby="charge-title">
      <h2 id="charge-title" className="visually-hidden">
        {t('chargeTitle')}
      </h2>
      <PayeeLine settings={settings} />
      <div className="charge-grid">
        <AmountEntry
          amount={amount}
          full={amountFull}
          problem={problem}
          quote={quote}
          quotes={quotes.data ?? []}
          locale={settings.locale}
          onQuote={setQuote}
          onKey={press}
        />
        <div>
          <AssetPicker
            assets={assets.data ?? []}
            selectedId={paymentAssetId}
            onPick={setPayment}
            emptyReason={emptyReason(assets.error, assets.isPending, connection.online)}
          />
          <MethodChoice methods={methodsOf(selected)} isChain={isChain} onChange={setChain} />
          <label>
            {t('note')}
            <input value={note} maxLength={50} onChange={(e) => setNote(e.target.value)} data-charge-on-enter="" />
          </label>
          <button
            type="button"
            className="primary charge-button"
            disabled={!canCharge}
            onClick={charge}
            data-charge-on-enter=""
          >
            {t('charge')}
          </button>
          {/* Under Charge, so a refusal never moves the button or pushes the sale off a 600 px screen. */}
          {error ? (
            <p role="alert" className="error charge-refusal">
              {error}
            </p>
          ) : info.data?.mode === 'sandbox' && settings.gateway.kind === 'embedded' ? (
            <p className="hint charge-test-hint">{t('testModeLong')}</p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
