/**
 * The till's PosApi: every command, one line each, grouped by area; the handler is a named function
 * in the area's module (docs/architecture.md, "From the Charge button to the gateway"). The map is
 * checked against the contract (`satisfies PosHandlers`), so a missing or mistyped command does not
 * compile. The dispatcher (bridge/dispatch.ts) has validated the arguments before a command runs.
 */
import type { PosHandlers } from '../../../shared/posapi.js';
import { posErrorOf } from '../link/link.js';
import type { TillParts } from '../parts.js';
import { appInfo, connectionNow } from './app.js';
import { createOrder, getOrder, listOrders, paymentAssets, quoteAssets, settlementAssets } from './charge.js';
import {
  dayReview,
  exportCsv,
  lockOwner,
  orderDetail,
  redeliverCallback,
  reviewPayment,
  unlockOwner,
} from './owner.js';
import { cancelOrder, refreshOrder } from './payment.js';
import { railHealth, railSettings, saveRails } from './rails.js';
import { advanceClock, advanceToDeadline, mineBlocks, payInFull, payPart } from './sandbox.js';
import { getSettings, lookupPayee, registerPayee, saveTillSettings } from './setup.js';

type Command<A, R> = (till: TillParts, args: A) => Promise<R>;

export function tillCommands(till: TillParts): PosHandlers {
  /** Works on the till alone: an unexpected error reaches the dispatcher as it is (logged, answered `internal`). */
  const local =
    <A, R>(command: Command<A, R>) =>
    (args: A): Promise<R> =>
      command(till, args);
  /** Talks to the gateway: its failures become answers the cashier can read. */
  const remote =
    <A, R>(command: Command<A, R>) =>
    async (args: A): Promise<R> => {
      try {
        return await command(till, args);
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
    // owner review
    'owner.unlock': local(unlockOwner),
    'owner.lock': local(lockOwner),
    'owner.day': local(dayReview),
    'owner.order': remote(orderDetail),
    'owner.review': remote(reviewPayment),
    'owner.redeliver': remote(redeliverCallback),
    'owner.export': local(exportCsv),
    // rails
    'owner.rails': remote(railSettings),
    'owner.saveRails': remote(saveRails),
    'rails.health': remote(railHealth),
  } satisfies PosHandlers;
}
