/**
 * Charge: the amount on a big keypad (mouse, touch, keyboard), what the payer pays with, then Charge
 * (docs/architecture.md, "From the Charge button to the gateway"). The parts live in ./charge/.
 */
import { useMemo } from 'react';
import type { TillSettings } from '../../shared/posapi.js';
import { PosCallError } from '../api/pos-client.js';
import { useAppInfo, usePaymentAssets, useQuoteAssets } from '../api/hooks.js';
import { t } from '../app/text.js';
import { PayeeLine } from '../components/PayeeLine.js';
import { useCashier } from '../state/cashier.js';
import { amountProblem, typedValue } from './charge/amount-check.js';
import { AmountEntry } from './charge/AmountEntry.js';
import { AssetPicker, MethodChoice, methodsOf } from './charge/AssetPicker.js';
import { useAssetSelection } from './charge/useAssetSelection.js';
import { useChargeAttempt } from './charge/useChargeAttempt.js';
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
  const { amount, press, quoteAssetId, setQuote, paymentAssetId, isChain, note, setNote } = useCashier();
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
  const whyEmpty = emptyReason(assets.error, assets.isPending, connection.online);
  const online = connection.online;
  const sale = useChargeAttempt({ quote, amount, problem, assets, selected, emptyReason: whyEmpty, online });
  useChargeKeys(press, sale.attempt, sale.cancel);

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
          nudged={sale.nudged}
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
            onPick={sale.pick}
            emptyReason={whyEmpty}
            loading={sale.loadingForAmount}
          />
          <MethodChoice methods={methodsOf(selected)} isChain={isChain} onChange={sale.changeMethod} />
          <label>
            {t('note')}
            <input value={note} maxLength={50} onChange={(e) => setNote(e.target.value)} data-charge-on-enter="" />
          </label>
          <button
            type="button"
            className={`primary charge-button${sale.busy ? ' busy' : ''}`}
            disabled={!sale.pressable}
            aria-busy={sale.busy}
            aria-describedby="charge-status"
            onClick={sale.attempt}
            data-charge-on-enter=""
          >
            {t('charge')}
          </button>
          {/* Under Charge, so a refusal never moves the button or pushes the sale off a 600 px screen. */}
          {sale.refusal ? (
            <p role="alert" className="error charge-refusal">
              {sale.refusal}
            </p>
          ) : null}
          <p id="charge-status" role="status" className="charge-status">
            {sale.pending && !sale.refusal ? t('chargeWhenReady') : ''}
          </p>
          {!sale.refusal && !sale.pending && info.data?.mode === 'sandbox' && settings.gateway.kind === 'embedded' ? (
            <p className="hint charge-test-hint">{t('testModeLong')}</p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
