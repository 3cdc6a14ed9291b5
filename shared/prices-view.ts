/**
 * What the owner's screens get about prices (README "Price sources"): the rate that priced a payment
 * (receipt, payment detail) and the gateway's live price sources with their health. Part of the PosApi
 * contract (shared/posapi.ts re-exports them).
 */

/** The rate that priced a payment and the accountant's figure (README "Price sources"). */
export interface RateUsedView {
  /** Quote currency per unit of the payment asset. */
  price: string;
  /** Where the prices came from, e.g. "ETH live (feeds)", "USDT merchant", "ETH bundled". */
  source: string;
  /** Unix seconds when the older of its prices was true (0 when unknown). */
  at: number;
  /** Everything received in the payment asset, at that price, in the quote currency. */
  receivedQuoteAmount: string;
}

/** The gateway's live price sources, as the owner sees them (README "Price sources"). */
export interface PricesView {
  /** False when the gateway is not in live mode, or a hosted gateway does not offer it. */
  available: boolean;
  reason: string;
  config: unknown;
  sources: {
    id: string;
    kind: string;
    lastOkAgeSeconds: number;
    lastOkAt: number;
    lastError: string;
    failures: number;
    nextAttemptInSeconds: number;
    prices: { key: string; symbol: string; usdPrice: string; ageSeconds: number; maxAgeSeconds: number }[];
  }[];
  prices: { key: string; symbol: string; usdPrice: string; source: string; ageSeconds: number; problem: string }[];
  /** Why some prices cannot be quoted now (disagreeing or stale sources, missing prices). */
  alerts: string[];
}
