/**
 * The till's words about the receipt printer, kept apart from app/text.ts while the languages work is
 * under way: a flat key -> message map with `{name}` placeholders, the shape i18next reads.
 */
import { addEnglish, translate } from '../i18n/i18n.js';

export const printerText = {
  printerTitle: 'Receipt printer',
  printerIntro: 'An ESC/POS thermal printer on the network (port 9100) or a device file. Leave empty for none.',
  printerTarget: 'Printer address',
  printerTargetHint: 'e.g. 192.168.1.50, 192.168.1.50:9100 or /dev/usb/lp0',
  printerColumns: 'Paper width',
  columns42: '80 mm (42 characters)',
  columns32: '58 mm (32 characters)',
  columns48: '80 mm, small font (48 characters)',
  drawerAfterCash: 'Open the cash drawer after a cash sale',
  printerSave: 'Use this printer',
  printerSaved: 'Printer saved.',
  printerTest: 'Print a test page',
  printerTested: 'Test page sent to the printer.',
  printReceipt: 'Print on receipt printer',
  printing: 'Printing…',
  printed: 'Receipt sent to the printer.',
  // refund slips and Z reports on the receipt printer (ThermalPrintButton)
  printSlipThermal: 'Print slip on receipt printer',
  printZThermal: 'Print Z report on receipt printer',
  printedSent: 'Sent to the printer.',
} as const;

addEnglish('printer', printerText);

export type PrinterTextKey = keyof typeof printerText;

export function prt(key: PrinterTextKey): string {
  return translate('printer', key);
}
