/**
 * Paper receipts for ESC/POS thermal printers, encoded with @point-of-sale/receipt-printer-encoder:
 * the shop, the receipt's lines, the QR of the receipt page, a cut, and (after a cash sale, when the
 * shop wants it) the pulse that opens the cash drawer.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { Language } from '../../../shared/i18n/languages.js';
import { paperText } from '../../../shared/i18n/paper.js';
import type { ReceiptFacts } from './receipt-facts.js';

export interface PaperOptions {
  /** Characters per line: 42 on 80 mm paper with font A, 32 on 58 mm. */
  columns: number;
  /** The receipt page's link, printed as a QR; '' for none. */
  receiptUrl: string;
  /** Send the drawer-kick pulse after the cut. */
  openDrawer: boolean;
}

export function receiptBytes(facts: ReceiptFacts, options: PaperOptions): Uint8Array {
  const say = (key: Parameters<typeof paperText>[1]) => paperText(facts.language, key);
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: options.columns, feedBeforeCut: 4 });
  encoder.initialize().codepage('auto').align('center').bold(true).line(facts.shop).bold(false).line(say('receipt'));
  if (facts.test) encoder.invert(true).line(say('testReceipt')).invert(false);
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
    encoder.line(say('scanForReceipt'));
  }
  encoder.align('center').line(say('thankYou')).cut('partial');
  if (options.openDrawer) encoder.pulse();
  return encoder.encode();
}

/** A test page: proves the printer is reached and cuts. */
export function testPageBytes(columns: number, shop: string, language: Language = 'en'): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, feedBeforeCut: 4 });
  const title = paperText(language, 'printerTest');
  return encoder.initialize().codepage('auto').line(shop).line(title).rule().cut('partial').encode();
}
