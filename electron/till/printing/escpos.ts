/**
 * Paper receipts for ESC/POS thermal printers, encoded with @point-of-sale/receipt-printer-encoder:
 * the shop, the receipt's lines, the QR of the receipt page, a cut, and (after a cash sale, when the
 * shop wants it) the pulse that opens the cash drawer.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { layoutLine, layoutLines } from './paper-layout.js';
import { paper } from './paper-text.js';
import type { ReceiptFacts } from './receipt-facts.js';
import type { Language } from '../../../shared/i18n/languages.js';
import { paperText, type PaperKey } from '../../../shared/i18n/paper.js';

export interface PaperOptions {
  /** Characters per line: 42 on 80 mm paper with font A, 32 on 58 mm. */
  columns: number;
  /** The receipt page's link, printed as a QR; '' for none. */
  receiptUrl: string;
  /** Send the drawer-kick pulse after the cut. */
  openDrawer: boolean;
}

export function newPaper(columns: number): ReceiptPrinterEncoder {
  return new ReceiptPrinterEncoder({ language: 'esc-pos', columns, feedBeforeCut: 4 }).initialize().codepage('auto');
}

/** Label/value lines, the grand total in bold. */
export function printLines(encoder: ReceiptPrinterEncoder, lines: ReceiptFacts['lines'], columns: number): void {
  encoder.align('left');
  for (const line of lines) {
    const strong = line.label === paper('grandTotal') || line.label === paper('change');
    if (strong) encoder.bold(true);
    for (const text of layoutLine(line, columns)) encoder.line(text);
    if (strong) encoder.bold(false);
  }
}

export function receiptBytes(facts: ReceiptFacts, options: PaperOptions): Uint8Array {
  const say = (key: PaperKey) => paperText(facts.language ?? 'en', key);
  const encoder = newPaper(options.columns);
  encoder.align('center').bold(true).line(facts.shop).bold(false);
  for (const line of facts.head ?? []) encoder.line(line);
  encoder.line(say('receipt'));
  if (facts.test) encoder.invert(true).line(say('testReceipt')).invert(false);
  encoder.rule();
  printLines(encoder, facts.lines, options.columns);
  for (const group of facts.groups ?? []) {
    if (group.length === 0) continue;
    encoder.rule();
    printLines(encoder, group, options.columns);
  }
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
  return newPaper(columns)
    .line(shop)
    .line(paperText(language, 'printerTest'))
    .rule()
    .line(layoutLines([{ label: 'Total', value: '12345.67 USD' }], columns)[0]!)
    .cut('partial')
    .encode();
}
