/**
 * The PosApi contract of the whole-shop view (issue 20; README, "Tills and the shop server"): when
 * the till is connected to a shop server, the owner's review reads the server's merchant report for
 * a shop day, the whole shop or one till, with a CSV of that view. posapi.ts spreads these schemas
 * into its own and extends its results with these.
 */
import { z } from 'zod';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
/** '' every till; 'none' payments made without a till key; else a till's id. */
const tillId = z.union([z.literal(''), z.literal('none'), z.string().uuid()]);

/** A shop server's till key as Setup takes it: the key the server showed once (`pdt_` + 43 characters). */
export const TillKeySchema = z
  .string()
  .trim()
  .regex(/^(pdt_[A-Za-z0-9_-]{43})?$/, 'must be the till key the shop server showed (it starts with pdt_)');

export const shopArgSchemas = {
  /** The whole shop's day (or one till's) from the shop server; `day` absent: today. */
  'shop.report': z
    .object({ day: day.optional(), tillId: tillId.default(''), page: z.number().int().min(1).max(100_000).default(1) })
    .strict(),
  /** CSV of that view: every payment of the day (of the till), oldest first. */
  'shop.export': z.object({ day, tillId: tillId.default('') }).strict(),
  /** Close of day of the whole shop (or one till): per till and per asset, exact totals; `day` absent: today. */
  'shop.close': z.object({ day: day.optional(), tillId: tillId.default('') }).strict(),
  /** CSV of that close of day: one row per till and sum, then the shop's (audited as an export). */
  'shop.closeExport': z.object({ day, tillId: tillId.default('') }).strict(),
} as const;

/** An exact sum (decimal string) and how many payments make it. */
export interface ShopSum {
  quoteAssetId: string;
  /** The currency's code or symbol as the till names it. */
  symbol: string;
  amount: string;
  count: number;
}

export interface ShopTill {
  /** '' for payments made without a till key (the owner, another client). */
  tillId: string;
  name: string;
  count: number;
  paid: ShopSum[];
}

export interface ShopPayment {
  traceId: string;
  orderId: string;
  tillId: string;
  tillName: string;
  createdAt: number;
  status: string;
  quoteAssetId: string;
  symbol: string;
  quoteAmount: string;
}

export interface ShopReport {
  day: string;
  tillId: string;
  /** 'shop': the merchant key answered (every till); 'till': only this till's key is set. */
  scope: 'shop' | 'till';
  /** Every till with payments on the day (for the filter), whatever the filter. */
  tills: ShopTill[];
  count: number;
  /** Paid (pending, auditing, success) per quote currency. */
  paid: ShopSum[];
  byStatus: { status: string; count: number }[];
  items: ShopPayment[];
  page: number;
  pages: number;
}

/** An exact sum in a payment asset (what payers paid in), and how many payments make it. */
export interface ShopAssetSum {
  assetId: string;
  /** The asset's symbol and network as the till names them ("USDT · Ethereum"); unknown ones by id. */
  label: string;
  amount: string;
  count: number;
}

/** One till's close of day (or the shop's, in `ShopClose.total`). */
export interface ShopCloseFigures {
  /** '' for payments made without a till key; 'shop' for the shop's total. */
  tillId: string;
  name: string;
  /** Payments created on the day, whatever their status. */
  count: number;
  /** Paid (pending, auditing, success) per quote currency. */
  paid: ShopSum[];
  /** Paid, in what payers paid in, per payment asset. */
  received: ShopAssetSum[];
}

export interface ShopClose {
  day: string;
  tillId: string;
  scope: 'shop' | 'till';
  /** Every till with payments on the day (the chosen one only, when one is chosen). */
  tills: ShopCloseFigures[];
  /** The figures of the whole view: the shop, or the chosen till. */
  total: ShopCloseFigures;
  byStatus: { status: string; count: number }[];
}

export interface ShopResults {
  'shop.report': ShopReport;
  'shop.export': { filename: string; csv: string; rows: number };
  'shop.close': ShopClose;
  'shop.closeExport': { filename: string; csv: string; rows: number };
}
