/**
 * Charge pressed before "Pay with" has the list for the typed amount: the press is kept as an intent and
 * charged once that list says the chosen asset can pay, or dropped when the sale changes under it, or
 * refused with the reason. Pure rules, so they are tested without a screen (test/renderer/charge-intent.test.ts).
 */
import type { PaymentAssetView } from '../../../shared/posapi.js';
import { methodsOf } from './AssetPicker.js';

/** The sale as it stood when Charge was pressed. */
export interface ChargeIntent {
  quoteAssetId: string;
  /** The typed amount's value (without a trailing decimal sign). */
  quoteAmount: string;
  /** '' when nothing was picked yet: the asset "Pay with" picks by itself is charged. */
  paymentAssetId: string;
  /** The picked asset's symbol as last listed, to name it when it cannot pay. */
  symbol: string;
}

/** "Pay with" for the amount typed now; a list shown for an earlier amount (a placeholder) is `loading`. */
export type AssetList = { state: 'loading' } | { state: 'ready'; assets: PaymentAssetView[] } | { state: 'failed' };

/** The sale as it stands now. */
export interface SaleNow {
  quoteAssetId: string;
  /** The typed amount's value, '' when none. */
  quoteAmount: string;
  /** What is wrong with the typed amount, in words; '' when nothing. */
  problem: string;
  paymentAssetId: string;
  isChain: boolean;
  list: AssetList;
}

/** Why a charge did not happen; the screen puts it in words. */
export type Refusal = { kind: 'amount' } | { kind: 'list' } | { kind: 'asset'; symbol: string } | { kind: 'no-asset' };

export type IntentStep = { step: 'wait' } | { step: 'charge' } | { step: 'drop' } | { step: 'refuse'; why: Refusal };

const WAIT: IntentStep = { step: 'wait' };
const DROP: IntentStep = { step: 'drop' };
const refuse = (why: Refusal): IntentStep => ({ step: 'refuse', why });

/** True when the method is one the gateway takes for the asset (what useAssetSelection settles on). */
export function methodFits(asset: PaymentAssetView, isChain: boolean): boolean {
  const methods = methodsOf(asset);
  const takesChain = methods.includes('chain') || methods.includes('lightning');
  return isChain ? takesChain : methods.includes('wallet') || !takesChain;
}

/** The intent as Charge is pressed now. */
export function intentOf(now: SaleNow, symbol: string): ChargeIntent {
  return {
    quoteAssetId: now.quoteAssetId,
    quoteAmount: now.quoteAmount,
    paymentAssetId: now.paymentAssetId,
    symbol,
  };
}

/**
 * What to do with a pending intent now. A change of the method or Escape drops it too: those are the
 * cashier's acts, not state (the screen switches the method by itself while the choice settles).
 */
export function intentStep(intent: ChargeIntent, now: SaleNow): IntentStep {
  if (now.quoteAssetId !== intent.quoteAssetId || now.quoteAmount !== intent.quoteAmount) return DROP;
  if (now.problem !== '') return refuse({ kind: 'amount' });
  if (now.list.state === 'failed') return refuse({ kind: 'list' });
  const picked = intent.paymentAssetId;
  if (now.list.state === 'loading') return picked !== '' && now.paymentAssetId !== picked ? DROP : WAIT;
  const { assets } = now.list;
  if (picked !== '') {
    const asset = assets.find((a) => a.assetId === picked);
    // Checked before the switch below: "Pay with" moves off an asset that cannot pay by itself.
    if (!asset?.usable) return refuse({ kind: 'asset', symbol: asset?.symbol ?? intent.symbol });
    if (now.paymentAssetId !== picked) return DROP;
  }
  const chosen = assets.find((a) => a.assetId === now.paymentAssetId);
  if (!chosen?.usable) return assets.some((a) => a.usable) ? WAIT : refuse({ kind: 'no-asset' });
  return methodFits(chosen, now.isChain) ? { step: 'charge' } : WAIT;
}
