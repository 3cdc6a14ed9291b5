/**
 * The words printed on paper for cart sales, refund slips and Z reports (issue 19), kept together so the
 * languages work can move them into its `paper` namespace: a flat key -> message map with `{name}`
 * placeholders, the shape i18next reads. (The order receipt's older words are still in receipt-facts.ts and
 * escpos.ts.)
 */
export const PAPER_TEXT = {
  sale: 'Sale',
  order: 'Order',
  servedBy: 'Served by',
  taxId: 'Tax id {id}',
  lineDiscount: '  discount',
  subtotal: 'Subtotal',
  discounts: 'Discounts',
  taxIncluded: 'incl. tax {rate}% on {base}',
  taxAdded: 'Tax {rate}% on {base}',
  saleTotal: 'Sale total',
  tip: 'Tip',
  total: 'TOTAL',
  cash: 'Cash',
  handedOver: '  handed over',
  change: 'CHANGE',
  card: 'Card {reference}',
  crypto: 'Crypto',
  status: 'Status',
  statusPaid: 'Paid',
  statusOpen: 'Waiting for payment',
  statusFailed: 'Not paid',
  refundSlip: 'Refund slip',
  refund: 'Refund',
  refundAmount: 'Amount',
  refundWorth: 'Worth',
  refundTo: 'To',
  refundTag: 'Tag',
  refundReason: 'Reason',
  refundBy: 'By',
  refundStatus: 'Status',
  refundTx: 'Transaction',
  refundScan: 'Scan with your wallet to pay it out',
  refundSigned: 'Signature',
  zReport: 'Z report No. {number}',
  zOpened: 'Opened',
  zClosed: 'Closed',
  zFloat: 'Cash float',
  zCashSales: 'Cash sales',
  zCashIn: 'Cash in',
  zCashOut: 'Cash out',
  zExpected: 'Expected cash',
  zCounted: 'Counted cash',
  zDifference: 'Difference',
  zEven: 'even',
  zShort: 'short by {amount}',
  zOver: 'over by {amount}',
  zMoveIn: 'In: {reason} ({by})',
  zMoveOut: 'Out: {reason} ({by})',
  zSales: 'Cart sales: {paid} paid',
  zTips: 'Tips',
  zDiscounts: 'Discounts',
  zTaxes: 'Taxes',
  zByTender: 'By tender',
  zByAsset: 'Crypto by asset',
  zByCashier: 'By cashier',
  zByRate: 'Taxes by rate',
  zCharge: 'Paid on the Charge screen: {count}',
  zRefunds: 'Refunds asked: {count}',
} as const;

export type PaperTextKey = keyof typeof PAPER_TEXT;

export function paper(key: PaperTextKey, values: Record<string, string | number> = {}): string {
  return PAPER_TEXT[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}
