/**
 * Enter or Charge on the Charge screen: charges when it can; pressed while "Pay with" is still loading the
 * list for the typed amount, keeps the press and charges once, by itself, when the list says the chosen
 * asset can pay (charge-intent.ts); otherwise says why nothing was charged, never nothing at all.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PaymentAssetView, PosArgs } from '../../../shared/posapi.js';
import { t } from '../../app/text.js';
import { useCashier } from '../../state/cashier.js';
import { typedValue } from './amount-check.js';
import {
  intentOf,
  intentStep,
  type AssetList,
  type ChargeIntent,
  type Refusal,
  type SaleNow,
} from './charge-intent.js';
import { useCharge } from './useCharge.js';

export interface ChargeSale {
  quote: string;
  /** The amount as typed. */
  amount: string;
  /** What is wrong with it, in words ('' when nothing). */
  problem: string;
  assets: UseQueryResult<PaymentAssetView[]>;
  /** The picked asset as "Pay with" lists it (useAssetSelection). */
  selected: PaymentAssetView | undefined;
  /** Why "Pay with" is empty, in words. */
  emptyReason: string;
  /** The gateway answers (the connection as the main process last said). */
  online: boolean;
}

/**
 * The list for the amount typed now: a placeholder (the list of the amount typed before) is still loading;
 * one still loading while the gateway is known to be unreachable will not come (README, "Offline").
 */
export function listOf(assets: UseQueryResult<PaymentAssetView[]>, online: boolean): AssetList {
  if (assets.data !== undefined && !assets.isPlaceholderData) return { state: 'ready', assets: assets.data };
  if (assets.isError || !online) return { state: 'failed' };
  return { state: 'loading' };
}

const focusAmount = () => document.querySelector<HTMLElement>('.amount-display')?.focus({ preventScroll: true });

function refusalText(why: Refusal, list: AssetList, emptyReason: string): string {
  switch (why.kind) {
    case 'amount':
      return ''; // said under the amount, which takes the focus
    case 'list':
      return emptyReason;
    case 'asset':
      return t('chargeAssetCannotPay', { symbol: why.symbol });
    case 'no-asset':
      return list.state === 'ready' && list.assets.length > 0 ? t('chargeNoAssetFits') : emptyReason;
  }
}

export function useChargeAttempt(sale: ChargeSale) {
  const { paymentAssetId, setPayment, isChain, setChain, note } = useCashier();
  const quoteAmount = sale.amount === '' ? '' : typedValue(sale.amount);
  const list = listOf(sale.assets, sale.online);
  const now: SaleNow = { quoteAssetId: sale.quote, quoteAmount, problem: sale.problem, paymentAssetId, isChain, list };
  // What a press does now; the order it would create is asked only when it charges (the same rules as a kept press).
  const fresh = intentOf(now, sale.selected?.symbol ?? '');
  const pressNow = intentStep(fresh, now);
  const request: PosArgs<'order.create'> | null =
    pressNow.step === 'charge'
      ? {
          quoteAssetId: sale.quote,
          quoteAmount,
          paymentAssetId,
          isChain,
          ...(note.trim() ? { note: note.trim() } : {}),
        }
      : null;
  const { charge, busy, error, clearError } = useCharge(request);
  const [intent, setIntent] = useState<ChargeIntent | null>(null);
  // A refusal belongs to the sale it was said for: another amount or currency no longer shows it.
  const [refused, setRefused] = useState<{ why: Refusal; quote: string; amount: string } | null>(null);
  // The amount as typed when Enter could not charge it: its problem is shown (in red) until it changes.
  const [nudged, setNudged] = useState<string | null>(null);
  useEffect(() => setNudged(null), [sale.amount]);

  const refuse = (why: Refusal) => {
    setRefused({ why, quote: sale.quote, amount: quoteAmount });
    if (why.kind !== 'amount') return;
    setNudged(sale.amount);
    focusAmount();
  };
  // The kept press, after each render: charged, refused or dropped once the sale says which.
  useEffect(() => {
    if (intent === null) return;
    const next = intentStep(intent, now);
    if (next.step === 'wait') return;
    setIntent(null);
    if (next.step === 'charge') charge();
    else if (next.step === 'refuse') refuse(next.why);
  });

  const attempt = () => {
    if (busy || intent !== null) return; // one order per sale: a charge is on its way or kept
    clearError();
    setRefused(null);
    if (pressNow.step === 'charge') charge();
    else if (pressNow.step === 'wait') setIntent(fresh);
    else if (pressNow.step === 'refuse') refuse(pressNow.why);
  };
  /** Escape, or the cashier picking another asset or method: a kept press is forgotten. */
  const cancel = () => {
    setIntent(null);
    setRefused(null);
  };
  const shown =
    refused && refused.quote === sale.quote && refused.amount === quoteAmount
      ? refusalText(refused.why, list, sale.emptyReason)
      : '';
  const loadingForAmount = list.state === 'loading' && quoteAmount !== '' && sale.problem === '';
  return {
    attempt,
    cancel,
    pick: (assetId: string) => {
      if (assetId !== paymentAssetId) cancel();
      setPayment(assetId);
    },
    changeMethod: (chain: boolean) => {
      cancel();
      setChain(chain);
    },
    /** A press is kept until the list for this amount arrives. */
    pending: intent !== null,
    busy: busy || intent !== null,
    /** Charge can be pressed: it charges now, or is kept while the list loads. */
    pressable: !busy && (request !== null || loadingForAmount),
    /** "Pay with" is loading the list for the amount typed now. */
    loadingForAmount,
    refusal: error || shown,
    nudged: nudged !== null && nudged === sale.amount,
  };
}
