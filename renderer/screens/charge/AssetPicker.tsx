/**
 * What the payer pays with: the payment assets that can pay this quote (the others shown disabled with
 * the gateway's reason), or why there are none; and the method: a wallet transfer, on chain, or a
 * Lightning invoice, offering only what the gateway can take for the asset.
 */
import type { PaymentAssetView } from '../../../shared/posapi.js';
import { isLightning, networkLabel } from '../../app/network.js';
import { t } from '../../app/text.js';

export function AssetPicker({
  assets,
  selectedId,
  onPick,
  emptyReason,
  loading = false,
  afterPointerPick,
}: {
  assets: PaymentAssetView[];
  selectedId: string;
  onPick: (assetId: string) => void;
  /**
   * After a chip is chosen by a tap or click (the chip has already let go of the focus, so the next Enter
   * does what Enter does on the screen, not press the chip again). A chip chosen with Enter or Space keeps it.
   */
  afterPointerPick?: () => void;
  /** Why the list is empty (offline, an error, or nothing offered). */
  emptyReason: string;
  /** The list shown is an earlier amount's while this amount's is on its way. */
  loading?: boolean;
}) {
  return (
    <fieldset className="assets" aria-busy={loading}>
      <legend>{t('payWith')}</legend>
      {assets.length === 0 ? (
        <p role="status" className="warning">
          {emptyReason}
        </p>
      ) : null}
      {assets.map((a) => {
        const network = networkLabel(a.network, a.symbol);
        return (
          <button
            key={a.assetId}
            type="button"
            className={`asset${a.assetId === selectedId ? ' selected' : ''}`}
            aria-pressed={a.assetId === selectedId}
            disabled={!a.usable}
            title={a.usable ? a.name : a.reason}
            aria-describedby={a.usable ? undefined : `asset-why-${a.assetId}`}
            onClick={(event) => {
              onPick(a.assetId);
              // A pointer's click counts its clicks (detail >= 1); Enter or Space on the chip gives 0.
              if (event.detail === 0) return;
              event.currentTarget.blur();
              afterPointerPick?.();
            }}
          >
            <strong>{a.symbol}</strong> <small>{network}</small>
            {a.usable ? null : (
              <span id={`asset-why-${a.assetId}`} className="visually-hidden">
                {t('unusable', { reason: a.reason })}
              </span>
            )}
          </button>
        );
      })}
    </fieldset>
  );
}

export type Method = 'wallet' | 'chain' | 'lightning';

/** The methods the selected asset can be paid by at this gateway. */
export function methodsOf(asset: PaymentAssetView | undefined): Method[] {
  if (!asset) return ['wallet', 'chain'];
  if (isLightning(asset.network)) return ['lightning'];
  const methods: Method[] = [];
  if (asset.walletSupported) methods.push('wallet');
  if (asset.onChainSupported) methods.push('chain');
  return methods;
}

const LABEL: Record<Method, () => string> = {
  wallet: () => t('wallet'),
  chain: () => t('onChain'),
  lightning: () => t('lightning'),
};

/** The methods on offer; a Lightning invoice is its own method. */
export function MethodChoice({
  methods,
  isChain,
  onChange,
}: {
  methods: Method[];
  isChain: boolean;
  onChange: (isChain: boolean) => void;
}) {
  return (
    <fieldset className="method">
      <legend>{t('method')}</legend>
      {methods.map((m) => (
        <label className="inline" key={m}>
          <input
            type="radio"
            name="method"
            checked={m === 'wallet' ? !isChain : isChain}
            onChange={() => onChange(m !== 'wallet')}
          />{' '}
          {LABEL[m]()}
        </label>
      ))}
    </fieldset>
  );
}
