/**
 * The receipt printer (README "Thermal printers"): its address in Setup, a test page, and the paper
 * receipt of a paid order with the QR of its receipt page; the cash tender may ask for the drawer.
 */
import { PosError } from '../../../shared/posapi.js';
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { PrinterSettings } from '../../../shared/posapi-printing.js';
import type { Args, TillParts } from '../parts.js';
import { receiptBytes, testPageBytes } from '../printing/escpos.js';
import { receiptFacts } from '../printing/receipt-facts.js';
import { PrinterSettingsStore } from '../printing/store.js';
import { shopLanguage } from '../settings/store.js';
import { paperLanguage } from '../../../shared/i18n/paper.js';
import { parsePrinterTarget, sendToPrinter, type PrinterTarget } from '../printing/transport.js';
import { callerActor } from '../staff/area.js';
import { ownOrderOrThrow } from './charge.js';

const stores = new WeakMap<TillParts, PrinterSettingsStore>();
function printerStore(till: TillParts): PrinterSettingsStore {
  let store = stores.get(till);
  if (!store) stores.set(till, (store = new PrinterSettingsStore(till.deps.db)));
  return store;
}

function targetOrThrow(settings: PrinterSettings): PrinterTarget {
  const target = parsePrinterTarget(settings.target);
  if (!target) throw new PosError('not_configured', 'No receipt printer is set up (Setup, Receipt printer).', 'target');
  return target;
}

async function print(target: PrinterTarget, bytes: Uint8Array): Promise<void> {
  try {
    await sendToPrinter(target, bytes);
  } catch (error) {
    const where = target.kind === 'tcp' ? `${target.host}:${target.port}` : target.path;
    throw new PosError('unavailable', `The receipt printer (${where}) cannot be reached: ${(error as Error).message}`);
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

/** receipt.print: the paper receipt of a paid order, with its receipt page's QR; the drawer when asked. */
export async function printReceipt(
  till: TillParts,
  { orderId, openDrawer }: Args<'receipt.print'>,
  caller: PosCaller,
): Promise<{ printed: true; bytes: number }> {
  const row = ownOrderOrThrow(till, orderId, caller);
  if (row.status !== 'success') throw new PosError('conflict', 'Only a paid order has a receipt.', 'orderId');
  const settings = printerStore(till).get();
  const target = targetOrThrow(settings);
  const stored = till.settings.stored();
  // A sandbox receipt says so on paper, so nobody takes it for money received.
  const test = till.deps.embeddedMode === 'sandbox' && stored.gateway.kind === 'embedded';
  const shop = stored.shopName || stored.payee?.fullName || '';
  const facts = receiptFacts(
    till.view(row),
    shop,
    stored.locale,
    stored.timeZone,
    test,
    paperLanguage(shopLanguage(stored)),
  );
  const bytes = receiptBytes(facts, {
    columns: settings.columns,
    receiptUrl: till.deps.receiptUrl?.(orderId) ?? '',
    openDrawer: openDrawer === true,
  });
  await print(target, bytes);
  if (openDrawer) till.audit.record(callerActor(caller), 'drawer.open', orderId, { reason: 'receipt' });
  return { printed: true, bytes: bytes.length };
}
