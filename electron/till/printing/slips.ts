/**
 * Refund slips and Z reports on the thermal printer (issue 19), the same facts as their browser prints
 * (RefundItem's slip, ZReportView): label/value lines laid out for the paper's width, a cut; a refund that
 * is still to be sent carries its payout QR (what the owner's wallet scans), never once it went out.
 */
import type { Refund } from '../../../shared/wire-refunds.js';
import type { SumRow, ZReport } from '../../../shared/posapi-sales.js';
import { isZero, toFixedPlaces } from '../../../shared/money.js';
import { newPaper, printLines } from './escpos.js';
import { paper } from './paper-text.js';
import { shopDate, type ReceiptLine } from './receipt-facts.js';

export interface SlipShop {
  shop: string;
  locale: string;
  timeZone: string;
  test: boolean;
  /** The shop currency's minor unit, for the Z report's amounts. */
  places: number;
}

export function refundSlipLines(refund: Refund, shop: SlipShop): ReceiptLine[] {
  const lines: ReceiptLine[] = [
    { label: paper('date'), value: shopDate(refund.createdAt * 1000, shop.locale, shop.timeZone) },
    { label: paper('order'), value: refund.orderId },
    { label: paper('refund'), value: refund.refundId },
    { label: paper('refundAmount'), value: `${refund.amount} ${refund.symbol}` },
  ];
  if (refund.quoteAtOriginalRate)
    lines.push({ label: paper('refundWorth'), value: `${refund.quoteAtOriginalRate} ${refund.quoteSymbol}` });
  lines.push({ label: paper('refundTo'), value: refund.destination });
  if (refund.tag) lines.push({ label: paper('refundTag'), value: refund.tag });
  lines.push({ label: paper('refundReason'), value: refund.reason });
  lines.push({ label: paper('refundStatus'), value: paper(`refundStatus_${refund.status}`) });
  if (refund.txid) lines.push({ label: paper('refundTx'), value: refund.txid });
  return lines;
}

export function refundSlipBytes(refund: Refund, shop: SlipShop, columns: number): Uint8Array {
  const encoder = newPaper(columns);
  encoder.align('center').bold(true).line(shop.shop).bold(false).line(paper('refundSlip'));
  if (shop.test) encoder.invert(true).line(paper('testReceipt')).invert(false);
  encoder.rule();
  printLines(encoder, refundSlipLines(refund, shop), columns);
  encoder.rule();
  if (refund.status === 'to_send' && refund.payoutUri) {
    encoder.align('center').qrcode(refund.payoutUri, { model: 2, size: 5, errorlevel: 'm' });
    encoder.line(paper('refundScan'));
  }
  encoder
    .align('left')
    .newline()
    .line(`${paper('refundSigned')}: ${'_'.repeat(Math.max(8, columns - 12))}`);
  return encoder.cut('partial').encode();
}

type Money = (amount: string, symbol: string) => string;

function sums(title: string, rows: SumRow[], symbol: string, money: Money): ReceiptLine[] {
  if (rows.length === 0) return [];
  return [
    { label: title, value: '' },
    ...rows.map((r) => ({ label: `  ${r.label} (${r.count})`, value: money(r.amount, symbol) })),
  ];
}

export function zReportLines(report: ZReport, shop: SlipShop): ReceiptLine[][] {
  const s = report.sales.symbol;
  // Signed amounts (a drawer short, an expected cash below zero) keep their sign; money.ts reads unsigned ones.
  const money: Money = (amount, symbol) =>
    `${amount.startsWith('-') ? '-' : ''}${toFixedPlaces(amount.replace('-', ''), shop.places)} ${symbol}`;
  const when = (ms: number) => shopDate(ms, shop.locale, shop.timeZone);
  const d = report.difference;
  const difference = isZero(d.replace('-', ''))
    ? paper('zEven')
    : paper(d.startsWith('-') ? 'zShort' : 'zOver', { amount: money(d.replace('-', ''), s) });
  const drawer: ReceiptLine[] = [
    { label: paper('zFloat'), value: money(report.float, s) },
    { label: paper('zCashSales'), value: money(report.cashSales, s) },
    { label: paper('zCashIn'), value: money(report.cashIn, s) },
    { label: paper('zCashOut'), value: money(report.cashOut, s) },
    ...report.moves.map((m) => ({
      label: paper(m.kind === 'in' ? 'zMoveIn' : 'zMoveOut', { reason: m.reason, by: m.byName }),
      value: money(m.amount, s),
    })),
    { label: paper('zExpected'), value: money(report.expectedCash, s) },
    { label: paper('zCounted'), value: money(report.countedCash, s) },
    { label: paper('zDifference'), value: difference },
  ];
  const sales = report.sales;
  const totals: ReceiptLine[] = [
    { label: paper('zSales', { paid: sales.paid }), value: money(sales.total, s) },
    { label: paper('zTips'), value: money(sales.tips, s) },
    { label: paper('zDiscounts'), value: money(sales.discounts, s) },
    { label: paper('zTaxes'), value: money(sales.taxes, s) },
    ...sums(paper('zByTender'), sales.tenders, s, money),
    ...sums(paper('zByAsset'), sales.cryptoAssets, s, money),
    ...sums(paper('zByCashier'), sales.cashiers, s, money),
    ...(sales.taxRates.length > 0 ? [{ label: paper('zByRate'), value: '' }] : []),
    ...sales.taxRates.map((r) => ({
      label: paper('zRateLine', { rate: r.rate, base: money(r.base, s) }),
      value: money(r.tax, s),
    })),
  ];
  const extras: ReceiptLine[] = [];
  if (report.chargeOrders)
    extras.push(
      { label: paper('zCharge', { count: report.chargeOrders.count }), value: '' },
      ...[...report.chargeOrders.perQuote, ...report.chargeOrders.perAsset].map((r) => ({
        label: `  ${r.count} x`,
        value: `${r.amount} ${r.label}`,
      })),
    );
  if (report.refunds)
    extras.push(
      { label: paper('zRefunds', { count: report.refunds.count }), value: '' },
      ...report.refunds.perAsset.map((r) => ({ label: `  ${r.count} x`, value: `${r.amount} ${r.label}` })),
    );
  const head: ReceiptLine[] = [
    { label: paper('zOpened'), value: `${when(report.openedAt)} ${report.openedBy}` },
    { label: paper('zClosed'), value: `${when(report.closedAt)} ${report.closedBy}` },
  ];
  return [head, drawer, totals, extras];
}

export function zReportBytes(report: ZReport, shop: SlipShop, columns: number): Uint8Array {
  const encoder = newPaper(columns);
  encoder
    .align('center')
    .bold(true)
    .line(report.shopName || shop.shop)
    .bold(false);
  if (report.shopAddress) encoder.line(report.shopAddress);
  if (report.taxId) encoder.line(paper('taxId', { id: report.taxId }));
  encoder
    .bold(true)
    .line(paper('zReport', { number: report.number }))
    .bold(false);
  if (shop.test) encoder.invert(true).line(paper('testReceipt')).invert(false);
  for (const group of zReportLines(report, shop)) {
    if (group.length === 0) continue;
    encoder.rule();
    printLines(encoder, group, columns);
  }
  return encoder.rule().cut('partial').encode();
}
