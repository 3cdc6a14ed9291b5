/**
 * What the payer pays with: the payment assets that can pay this quote (the others shown disabled with
 * the gateway's reason), and the method, a wallet transfer or on chain.
 */
import type { PaymentAssetView } from '../../../shared/posapi.js';
import { t } from '../../app/text.js';

export function AssetPicker({
  assets,
  selectedId,
  onPick,
}: {
  assets: PaymentAssetView[];
  selectedId: string;
  onPick: (assetId: string) => void;
}) {
  return (
    <fieldset className="assets">
      <legend>{t('payWith')}</legend>
      {assets.map((a) => (
        <button
          key={a.assetId}
          type="button"
          className={`asset${a.assetId === selectedId ? ' selected' : ''}`}
          aria-pressed={a.assetId === selectedId}
          disabled={!a.usable}
          title={a.usable ? a.name : a.reason}
          aria-label={
            a.usable
              ? `${a.symbol} (${a.network})`
              : `${a.symbol} (${a.network}) ${t('unusable', { reason: a.reason })}`
          }
          onClick={() => onPick(a.assetId)}
        >
          <strong>{a.symbol}</strong> <small>{a.network}</small>
        </button>
      ))}
    </fieldset>
  );
}

/** Wallet or on chain; on chain only when the selected asset supports it. */
export function MethodChoice({
  isChain,
  onChainSupported,
  onChange,
}: {
  isChain: boolean;
  onChainSupported: boolean;
  onChange: (isChain: boolean) => void;
}) {
  return (
    <fieldset className="method">
      <legend>{t('method')}</legend>
      <label className="inline">
        <input type="radio" name="method" checked={!isChain} onChange={() => onChange(false)} /> {t('wallet')}
      </label>
      <label className="inline">
        <input
          type="radio"
          name="method"
          checked={isChain}
          disabled={!onChainSupported}
          onChange={() => onChange(true)}
        />{' '}
        {t('onChain')}
      </label>
    </fieldset>
  );
}
