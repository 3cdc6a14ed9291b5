/**
 * The receipt printer (README "Thermal printers"): its address in Setup, a test page, and the paper
 * receipt of a paid order with the QR of its receipt page; the cash tender may ask for the drawer.
 */
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { PrinterSettings } from '../../../shared/posapi-printing.js';
import type { Args, TillParts } from '../parts.js';
import { receiptBytes, testPageBytes } from '../printing/escpos.js';
import { learnPlaces, orderFacts, saleFacts } from '../printing/facts-for.js';
import type { ReceiptFacts } from '../printing/receipt-facts.js';
import { PrinterSettingsStore } from '../printing/store.js';
import { shopLanguage } from '../settings/store.js';
import { paperLanguage } from '../../../shared/i18n/paper.js';
import { parsePrinterTarget, sendToPrinter, type PrinterTarget } from '../printing/transport.js';
import { saleView } from '../sales/book.js';
import { callerActor } from '../staff/area.js';
import { ownOrderOrThrow } from './charge.js';
import { posError } from '../../../shared/pos-error.js';

const stores = new WeakMap<TillParts, PrinterSettingsStore>();
export function printerStore(till: TillParts): PrinterSettingsStore {
  let store = stores.get(till);
  if (!store) stores.set(till, (store = new PrinterSettingsStore(till.deps.db)));
  return store;
}

export function targetOrThrow(settings: PrinterSettings): PrinterTarget {
  const target = parsePrinterTarget(settings.target);
  if (!target) throw posError('no_printer', {}, 'target');
  return target;
}

export async function print(target: PrinterTarget, bytes: Uint8Array): Promise<void> {
  try {
    await sendToPrinter(target, bytes);
  } catch (error) {
    const where = target.kind === 'tcp' ? `${target.host}:${target.port}` : target.path;
    throw posError('printer_unreachable', { where, detail: (error as Error).message });
  }
}

/** printer.get: the printer's settings (no secret in them). */
export async function printerSettings(till: TillParts): Promise<PrinterSettings> {
  return printerStore(till).get();
}

/** printer.save: the owner sets where receipts print. */
export async function savePrinter(
  till: TillParts,
  args: Args<'printer.save'>,
  caller: PosCaller,
): Promise<PrinterSettings> {
  const saved = printerStore(till).save(args);
  till.audit.record(callerActor(caller), 'printer.save', 'printer', { ...saved });
  return saved;
}

/** printer.test: a short page and a cut, to check the address. */
export async function printTestPage(till: TillParts): Promise<{ printed: true }> {
  const settings = printerStore(till).get();
  const stored = till.settings.stored();
  const shop = stored.shopName || stored.payee?.fullName || 'Paydesk';
  await print(targetOrThrow(settings), testPageBytes(settings.columns, shop, paperLanguage(shopLanguage(stored))));
  return { printed: true };
}

/** The facts of the receipt asked for, who may print it, and whether the sale took cash. */
function receiptToPrint(
  till: TillParts,
  { orderId, saleId }: Args<'receipt.print'>,
  caller: PosCaller,
): { facts: ReceiptFacts; orderId: string; cash: boolean } {
  if (saleId) {
    const stored = till.saleBook.get(saleId);
    if (!stored) throw posError('sale_not_found', {}, 'saleId');
    if (stored.row.order_id) ownOrderOrThrow(till, stored.row.order_id, caller);
    else if (caller.account?.role === 'cashier' && stored.row.cashier_id !== caller.account.accountId)
      throw posError('sale_not_found', {}, 'saleId');
    const sale = saleView(stored);
    if (sale.status !== 'paid') throw posError('receipt_needs_paid_sale', {}, 'saleId');
    const cash = sale.tenders.some((t) => t.kind === 'cash');
    return { facts: saleFacts(till, sale), orderId: sale.orderId, cash };
  }
  const row = ownOrderOrThrow(till, orderId!, caller);
  if (row.status !== 'success') throw posError('receipt_needs_paid_order', {}, 'orderId');
  const cash = till.saleBook.byOrder(row.order_id)?.tenders.some((t) => t.kind === 'cash') ?? false;
  return { facts: orderFacts(till, till.view(row)), orderId: row.order_id, cash };
}

/**
 * receipt.print: the paper receipt of a paid order or cart sale, with its receipt page's QR when it has an
 * order; the drawer only after a cash sale, when the shop turned on drawerAfterCash.
 */
export async function printReceipt(
  till: TillParts,
  args: Args<'receipt.print'>,
  caller: PosCaller,
): Promise<{ printed: true; bytes: number; drawer: boolean }> {
  await learnPlaces(till);
  const { facts, orderId, cash } = receiptToPrint(till, args, caller);
  const settings = printerStore(till).get();
  const target = targetOrThrow(settings);
  const drawer = args.openDrawer === true && settings.drawerAfterCash && cash;
  const bytes = receiptBytes(facts, {
    columns: settings.columns,
    receiptUrl: orderId ? (till.deps.receiptUrl?.(orderId) ?? '') : '',
    openDrawer: drawer,
  });
  await print(target, bytes);
  if (drawer) till.audit.record(callerActor(caller), 'drawer.open', args.saleId ?? orderId, { reason: 'receipt' });
  return { printed: true, bytes: bytes.length, drawer };
}
