/**
 * Paper receipts for ESC/POS thermal printers, encoded with @point-of-sale/receipt-printer-encoder:
 * the shop, the receipt's lines, the QR of the receipt page, a cut, and (after a cash sale, when the
 * shop wants it) the pulse that opens the cash drawer.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { TEST_RECEIPT, type ReceiptFacts } from './receipt-facts.js';

export interface PaperOptions {
  /** Characters per line: 42 on 80 mm paper with font A, 32 on 58 mm. */
  columns: number;
  /** The receipt page's link, printed as a QR; '' for none. */
  receiptUrl: string;
  /** Send the drawer-kick pulse after the cut. */
  openDrawer: boolean;
}

export function receiptBytes(facts: ReceiptFacts, options: PaperOptions): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: options.columns, feedBeforeCut: 4 });
  encoder.initialize().codepage('auto').align('center').bold(true).line(facts.shop).bold(false).line('Receipt');
  if (facts.test) encoder.invert(true).line(TEST_RECEIPT).invert(false);
  encoder.rule();
  encoder.table(
    [
      { width: 10, align: 'left' },
      { width: options.columns - 11, align: 'right', overflow: 'wrap', marginLeft: 1 },
    ],
    facts.lines.map((line) => [line.label, line.value]),
  );
  encoder.rule();
  if (options.receiptUrl) {
    encoder.align('center').qrcode(options.receiptUrl, { model: 2, size: 6, errorlevel: 'm' });
    encoder.line('Scan for your receipt');
  }
  encoder.align('center').line('Thank you!').cut('partial');
  if (options.openDrawer) encoder.pulse();
  return encoder.encode();
}

/** A test page: proves the printer is reached and cuts. */
export function testPageBytes(columns: number, shop: string): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, feedBeforeCut: 4 });
  return encoder.initialize().codepage('auto').line(shop).line('Paydesk printer test').rule().cut('partial').encode();
}
