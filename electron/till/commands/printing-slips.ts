/**
 * Refund slips and Z reports on the receipt printer (README "Thermal printers"); the browser prints of
 * both stay. Managers and the owner (who see refunds and Z reports) print them.
 */
import type { Args, TillParts } from '../parts.js';
import { learnPlaces, paperIn, paperWords, shopOnPaper } from '../printing/facts-for.js';
import { inPaperLanguage } from '../printing/paper-text.js';
import { refundSlipBytes, zReportBytes } from '../printing/slips.js';
import { print, printerStore, targetOrThrow } from './printing.js';
import { posError } from '../../../shared/pos-error.js';

/** refundSlip.print */
export async function printRefundSlip(
  till: TillParts,
  { orderId, refundId }: Args<'refundSlip.print'>,
): Promise<{ printed: true; bytes: number }> {
  const settings = printerStore(till).get();
  const target = targetOrThrow(settings);
  const refund = (await till.refunds.detail(orderId)).refunds.find((r) => r.refundId === refundId);
  if (!refund) throw posError('refund_not_found', {}, 'refundId');
  const bytes = inPaperLanguage(paperWords(till), () => refundSlipBytes(refund, shopOnPaper(till), settings.columns));
  await print(target, bytes);
  return { printed: true, bytes: bytes.length };
}

/** zReport.print */
export async function printZReport(
  till: TillParts,
  { number }: Args<'zReport.print'>,
): Promise<{ printed: true; bytes: number }> {
  const settings = printerStore(till).get();
  const target = targetOrThrow(settings);
  const report = till.shiftBook.report(number);
  if (!report) throw posError('z_report_not_found', { number }, 'number');
  await learnPlaces(till);
  const bytes = inPaperLanguage(paperWords(till), () =>
    zReportBytes(report, paperIn(till, report.sales.currency), settings.columns),
  );
  await print(target, bytes);
  return { printed: true, bytes: bytes.length };
}
