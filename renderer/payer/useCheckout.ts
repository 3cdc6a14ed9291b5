/**
 * The checkout's state, from the public /v1 API only: the code's result (polled), the assets that can
 * pay it, and the current instruction, renewed when its window ends while nothing was paid.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Payment, PaymentAssetItem, PaymentResult } from '../../shared/wire.js';
import { assets as loadAssets, currentInstruction, gatewayNow, makeInstruction, result, V1Error } from './v1.js';

export const POLL_MS = 2000;

export interface CheckoutState {
  result: PaymentResult | undefined;
  assets: PaymentAssetItem[];
  instruction: Payment | undefined;
  /** 'missing': unknown code; 'offline': the last poll failed. */
  problem: '' | 'missing' | 'offline';
  refusal: string;
  busy: boolean;
  choose(assetId: string, isChain: boolean): void;
  changeAsset(): void;
}

const ENDED = new Set(['success', 'failed']);
const MONEY_SEEN = new Set(['confirming', 'paid_less', 'pending', 'auditing', 'success']);

export function useCheckout(code: string): CheckoutState {
  const [current, setResult] = useState<PaymentResult>();
  const [assets, setAssets] = useState<PaymentAssetItem[]>([]);
  const [instruction, setInstruction] = useState<Payment>();
  const [problem, setProblem] = useState<CheckoutState['problem']>('');
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  const renewing = useRef(false);

  const poll = useCallback(async () => {
    try {
      const next = await result(code);
      setResult(next);
      setProblem('');
      return next;
    } catch (error) {
      setProblem(error instanceof V1Error && error.code === 10062 ? 'missing' : 'offline');
      return undefined;
    }
  }, [code]);

  useEffect(() => {
    let stopped = false;
    void (async () => {
      const first = await poll();
      if (!first || stopped) return;
      if (first.paymentAssetId) setInstruction(await currentInstruction(code).catch(() => undefined));
      if (!ENDED.has(first.status)) setAssets(await loadAssets(first).catch(() => []));
    })();
    // Polling stops once the payment has ended: nothing changes after success or failure.
    const timer = setInterval(() => {
      void poll().then((next) => {
        if (next && ENDED.has(next.status)) clearInterval(timer);
      });
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [code, poll]);

  // A window that ended while nothing was paid is renewed (same asset); older instructions still count.
  useEffect(() => {
    if (!instruction || !current || MONEY_SEEN.has(current.status) || current.status === 'failed') return;
    const wait = Math.max(instruction.expire * 1000 - gatewayNow(), 0) + 500;
    const timer = setTimeout(() => {
      if (renewing.current) return;
      renewing.current = true;
      makeInstruction(code, instruction.paymentAssetId, instruction.isChain)
        .then(setInstruction, () => undefined)
        .finally(() => (renewing.current = false));
    }, wait);
    return () => clearTimeout(timer);
  }, [code, instruction, current]);

  const choose = useCallback(
    (assetId: string, isChain: boolean) => {
      setBusy(true);
      setRefusal('');
      makeInstruction(code, assetId, isChain)
        .then(setInstruction, (error: unknown) => setRefusal(error instanceof Error ? error.message : String(error)))
        .finally(() => setBusy(false));
    },
    [code],
  );

  const changeAsset = useCallback(() => setInstruction(undefined), []);
  return { result: current, assets, instruction, problem, refusal, busy, choose, changeAsset };
}

export function moneySeen(status: string): boolean {
  return MONEY_SEEN.has(status);
}
