/**
 * Keeps the cashier's choice of payment asset and method sensible as the list changes with the amount:
 * the first usable asset when none (or an unusable one) is picked, and only a method the gateway can
 * take for it (on chain where wallets are not taken, an invoice for Lightning).
 */
import { useEffect } from 'react';
import type { PaymentAssetView } from '../../../shared/posapi.js';
import { useCashier } from '../../state/cashier.js';
import { methodFits } from './charge-intent.js';

/** Returns the selected asset as listed, if it is in the list. */
export function useAssetSelection(assets: PaymentAssetView[] | undefined): PaymentAssetView | undefined {
  const { paymentAssetId, setPayment, isChain, setChain } = useCashier();
  const selected = assets?.find((a) => a.assetId === paymentAssetId);
  useEffect(() => {
    if (!assets) return;
    if (!selected || !selected.usable) {
      const first = assets.find((a) => a.usable);
      if (first && first.assetId !== paymentAssetId) setPayment(first.assetId);
    }
    if (selected && !methodFits(selected, isChain)) setChain(!isChain);
  }, [assets, selected, paymentAssetId, setPayment, isChain, setChain]);
  return selected;
}
