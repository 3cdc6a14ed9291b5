/**
 * Checking a sent refund (docs/api.md, "Refunds"): a rail looks the txid up and says whether it
 * moved exactly the refund's amount of its asset to its destination, and how deep it is. A mismatch
 * is flagged and never counted as paid. The sandbox's simulated chains confirm a payout when
 * enough blocks were mined after it; wallet payouts are final at once.
 */
import type { RefundRow } from './store.js';

export type PayoutVerdict =
  /** Not found yet (not mined, or the node has not seen it): asked again later. */
  | { kind: 'waiting'; confirmations: number; required: number }
  | { kind: 'confirmed'; confirmations: number; required: number }
  | { kind: 'flagged'; reason: string };

/** A payout looked for without its txid: transactions that match it exactly, and how far the chain was looked at. */
export interface PayoutDetection {
  candidates: string[];
  scannedTo: number;
}

export interface PayoutChecker {
  /** Whether this checker can look at payouts of `row` (its asset's rail). */
  handles(row: RefundRow): boolean;
  check(row: RefundRow): Promise<PayoutVerdict>;
  /** Real rails: finds a payout of a refund still `to_send` (the owner sent it without entering the txid). */
  detect?(row: RefundRow): Promise<PayoutDetection>;
}

/** The sandbox: the merchant's simulated wallet pays; a chain payout confirms as blocks are mined. */
export class SandboxPayoutChecker implements PayoutChecker {
  constructor(
    private readonly deps: {
      height: (network: string) => number;
      requiredConfirmations: (network: string) => number;
    },
  ) {}

  handles(): boolean {
    return true;
  }

  async check(row: RefundRow): Promise<PayoutVerdict> {
    const required = row.is_chain === 1 ? this.deps.requiredConfirmations(row.network) : 0;
    if (row.is_chain === 0) return { kind: 'confirmed', confirmations: -1, required: 0 };
    const confirmations = Math.max(0, this.deps.height(row.network) - row.sent_height);
    return confirmations >= required
      ? { kind: 'confirmed', confirmations, required }
      : { kind: 'waiting', confirmations, required };
  }
}
