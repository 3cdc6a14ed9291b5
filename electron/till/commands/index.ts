/**
 * The till's PosApi: every command, one line each, grouped by area; the handler is a named function
 * in the area's module (docs/architecture.md, "From the Charge button to the gateway"). The map is
 * checked against the contract (`satisfies PosHandlers`), so a missing or mistyped command does not
 * compile. The dispatcher (bridge/dispatch.ts) has validated the arguments before a command runs.
 */
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { PosHandlers } from '../../../shared/posapi.js';
import { posErrorOf } from '../link/link.js';
import type { TillParts } from '../parts.js';
import { appInfo, connectionNow } from './app.js';
import { auditExport, auditList } from './audit.js';
import { backupHealth, backupStatus, configureBackups, restoreBackupHere, runBackup } from './backup.js';
import { createOrder, getOrder, listOrders, paymentAssets, quoteAssets, settlementAssets } from './charge.js';
import { dayReview, exportCsv, orderDetail, redeliverCallback, reviewPayment } from './owner.js';
import { cancelOrder, refreshOrder } from './payment.js';
import { priceSources, savePriceSources } from './prices.js';
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
import { exportSales, salesDay } from './sales-report.js';
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

export function tillCommands(till: TillParts): PosHandlers {
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
    // live prices
    'owner.prices': remote(priceSources),
    'owner.savePrices': remote(savePriceSources),
    'rails.health': remote(railHealth),
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
  } satisfies PosHandlers;
}
