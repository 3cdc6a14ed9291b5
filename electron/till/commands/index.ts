/**
 * The till's PosApi: every command, one line each, grouped by area; the handler is a named function
 * in the area's module (docs/architecture.md, "From the Charge button to the gateway"). The map is
 * checked against the contract (`satisfies PosHandlers`), so a missing or mistyped command does not
 * compile. The dispatcher (bridge/dispatch.ts) has validated the arguments before a command runs.
 */
import { abandonOrder } from './abandon.js';
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { PosHandlers } from '../../../shared/posapi.js';
import { posErrorOf } from '../link/link.js';
import type { TillParts } from '../parts.js';
import { appInfo, connectionNow } from './app.js';
import { auditExport, auditList } from './audit.js';
import {
  backupHealth,
  backupStatus,
  configureBackups,
  exportWholeBook,
  restoreBackupHere,
  runBackup,
} from './backup.js';
import { createOrder, getOrder, listOrders, paymentAssets, quoteAssets, settlementAssets } from './charge.js';
import { dayReview, exportCsv, orderDetail, redeliverCallback, reviewPayment } from './owner.js';
import { cancelOrder, refreshOrder } from './payment.js';
import {
  createRefund,
  keepMoney,
  moneyToResolve,
  refundDetail,
  refundSent,
  sandboxSendRefund,
  withdrawRefund,
} from './refunds.js';
import { priceSources, savePriceSources } from './prices.js';
import { printerSettings, printReceipt, printTestPage, savePrinter } from './printing.js';
import { printRefundSlip, printZReport } from './printing-slips.js';
import { railHealth, railSettings, saveRails } from './rails.js';
import { advanceClock, advanceToDeadline, mineBlocks, payInFull, payPart } from './sandbox.js';
import {
  deleteItem,
  exportItems,
  importItems,
  listItems,
  saveItem,
  saveSalesSettings,
  salesSettings,
} from './sales.js';
import { checkout, getSale } from './checkout.js';
import { askTip, endTip, showCart, tipState } from './counter.js';
import { exportSales, salesDay } from './sales-report.js';
import { closeShopDay, exportShop, exportShopClose, wholeShop } from './shop.js';
import { cashMove, closeShift, currentShift, openShift, shiftReport } from './shifts.js';
import { getSettings, lookupPayee, registerPayee, saveTillSettings } from './setup.js';
import {
  addStaff,
  changeOwnPin,
  currentSession,
  listStaff,
  lockTill,
  resetPin,
  setIdleLock,
  signIn,
  staffRoster,
  updateStaff,
} from './staff.js';

/** A command gets the till, its validated arguments, and who calls (the dispatcher checked the permission). */
type Command<A, R> = (till: TillParts, args: A, caller: PosCaller) => Promise<R>;

/** The till's own wrappers: `local` works on the till alone, `remote` turns gateway failures into answers. */
function wrappersFor(till: TillParts) {
  /** Works on the till alone: an unexpected error reaches the dispatcher as it is (logged, answered `internal`). */
  const local =
    <A, R>(command: Command<A, R>) =>
    (args: A, caller: PosCaller): Promise<R> =>
      command(till, args, caller);
  /** Talks to the gateway: its failures become answers the cashier can read. */
  const remote =
    <A, R>(command: Command<A, R>) =>
    async (args: A, caller: PosCaller): Promise<R> => {
      try {
        return await command(till, args, caller);
      } catch (error) {
        throw posErrorOf(error);
      }
    };

  return { local, remote };
}

type Wrappers = ReturnType<typeof wrappersFor>;

/** Setup, selling, payments, the owner's review, backups, staff and the audit log. */
function counterCommands({ local, remote }: Wrappers) {
  return {
    // app
    'app.info': local(appInfo),
    'connection.get': local(connectionNow),
    // setup
    'settings.get': local(getSettings),
    'settings.save': remote(saveTillSettings),
    'payee.lookup': remote(lookupPayee),
    'payee.register': remote(registerPayee),
    // charge and orders
    'assets.quote': remote(quoteAssets),
    'assets.payment': remote(paymentAssets),
    'assets.settlement': remote(settlementAssets),
    'order.create': remote(createOrder),
    'order.get': remote(getOrder),
    'order.list': remote(listOrders),
    // payment actions
    'order.refresh': remote(refreshOrder),
    'order.abandon': remote(abandonOrder),
    'order.cancel': remote(cancelOrder),
    // sandbox (TEST MODE)
    'sandbox.payInFull': remote(payInFull),
    'sandbox.payPart': remote(payPart),
    'sandbox.mine': remote(mineBlocks),
    'sandbox.advanceClock': remote(advanceClock),
    'sandbox.advanceToDeadline': remote(advanceToDeadline),
    // day review (managers and the owner)
    'owner.day': local(dayReview),
    'owner.order': remote(orderDetail),
    'owner.review': remote(reviewPayment),
    'owner.redeliver': remote(redeliverCallback),
    'owner.export': local(exportCsv),
    // rails
    'owner.rails': remote(railSettings),
    'owner.saveRails': remote(saveRails),
    // backups
    'backup.health': local(backupHealth),
    'backup.status': local(backupStatus),
    'backup.configure': local(configureBackups),
    'backup.run': local(runBackup),
    'backup.restore': local(restoreBackupHere),
    'backup.exportBook': local(exportWholeBook),
    // staff and sign-in
    'staff.roster': local(staffRoster),
    'staff.signIn': local(signIn),
    'staff.session': local(currentSession),
    'staff.lock': local(lockTill),
    'staff.changePin': local(changeOwnPin),
    'staff.list': local(listStaff),
    'staff.add': local(addStaff),
    'staff.update': local(updateStaff),
    'staff.resetPin': local(resetPin),
    'staff.setIdleLock': local(setIdleLock),
    // audit log (the owner)
    'audit.list': local(auditList),
    'audit.export': local(auditExport),
  };
}

/** Prices and rails, printing, refunds, the catalogue, cart sales and shifts. */
function shopCommands({ local, remote }: Wrappers) {
  return {
    // live prices
    'owner.prices': remote(priceSources),
    'owner.savePrices': remote(savePriceSources),
    'rails.health': remote(railHealth),
    // the receipt printer
    'printer.get': local(printerSettings),
    'printer.save': local(savePrinter),
    'printer.test': local(printTestPage),
    'receipt.print': local(printReceipt),
    'refundSlip.print': remote(printRefundSlip),
    'zReport.print': local(printZReport),
    // refunds (issue 18)
    'refund.detail': remote(refundDetail),
    'refund.create': remote(createRefund),
    'refund.sent': remote(refundSent),
    'refund.sandboxSend': remote(sandboxSendRefund),
    'refund.withdraw': remote(withdrawRefund),
    'refund.keep': remote(keepMoney),
    'owner.toResolve': remote(moneyToResolve),
    // catalogue and sales settings
    'items.list': local(listItems),
    'items.save': local(saveItem),
    'items.delete': local(deleteItem),
    'items.export': local(exportItems),
    'items.import': local(importItems),
    'sales.settings': local(salesSettings),
    'sales.saveSettings': local(saveSalesSettings),
    'sale.checkout': remote(checkout),
    'sale.get': local(getSale),
    'sales.day': local(salesDay),
    'sales.export': local(exportSales),
    // shifts
    'shift.current': local(currentShift),
    'shift.open': local(openShift),
    'shift.cashMove': local(cashMove),
    'shift.close': local(closeShift),
    'shift.report': local(shiftReport),
    // the whole shop from a shop server (issue 20)
    'shop.report': remote(wholeShop),
    'shop.export': remote(exportShop),
    'shop.close': remote(closeShopDay),
    'shop.closeExport': remote(exportShopClose),
    // the customer display: the cart and the tip question
    'display.cart': remote(showCart),
    'display.askTip': remote(askTip),
    'display.tip': local(tipState),
    'display.endTip': local(endTip),
  };
}

export function tillCommands(till: TillParts): PosHandlers {
  const wrappers = wrappersFor(till);
  return { ...counterCommands(wrappers), ...shopCommands(wrappers) } satisfies PosHandlers;
}
