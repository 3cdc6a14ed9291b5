/**
 * The due work itself, one named job per kind (docs/architecture.md, "Due work"): each asks the
 * gateway over /v1 and hands what it learned to the order writer, which finishes the job's row in the
 * same transaction. A gateway that cannot be reached leaves the work due again after a pause; what
 * the gateway refuses is written as such (a send) or dropped (a poll or refresh: the next poll tells).
 */
import type { Payment } from '../../../shared/wire.js';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import { GatewayRefused, GatewayUnreachable, type GatewayClient } from '../link/gateway-client.js';
import type { OrderBook, OrderRow } from '../orders/book.js';
import { canPay, isEnded } from '../orders/machine.js';
import { parseInstruction } from '../orders/views.js';
import type { OrderWriter } from '../orders/writer.js';
import { AUTO_REFRESH_WINDOW_MS, RETRY_MS, type PollCadence } from './cadence.js';
import type { DueWork } from './due-work.js';
import type { DueJobs } from './scheduler.js';

export interface JobDeps {
  book: OrderBook;
  writer: OrderWriter;
  work: DueWork;
  client: GatewayClient;
  clock: Clock;
  logger: Logger;
  cadence: PollCadence;
}

export function dueJobs(deps: JobDeps): DueJobs {
  return {
    poll: (orderId) => pollOrder(deps, orderId),
    send: (orderId) => sendOrder(deps, orderId),
    refresh: (orderId) => refreshInstruction(deps, orderId),
  };
}

/** Asks for an open order's result (payments_result); the next poll is due by the order's age. */
export async function pollOrder(deps: JobDeps, orderId: string): Promise<void> {
  const row = deps.book.get(orderId);
  // An ended order's result is final: it is never asked for again.
  if (!row || row.status === 'queued' || isEnded(row.status)) return deps.work.finish(orderId, 'poll');
  try {
    const result = await deps.client.result(row.trace_id);
    deps.writer.result(orderId, result, { kind: 'poll', next: deps.cadence.next(row) });
  } catch (error) {
    if (!(error instanceof GatewayUnreachable)) deps.logger.warn('poll failed', { orderId, error: String(error) });
    deps.work.finish(orderId, 'poll', deps.cadence.next(row));
  }
}

/** Seconds left to the order's deadline, never below the gateway's minimum (an old queued order still gets one). */
const MIN_DEADLINE_SECONDS = 11;

function createArgs(row: OrderRow, nowMs: number) {
  const expireSeconds =
    row.pay_by > 0 ? Math.max(MIN_DEADLINE_SECONDS, Math.ceil((row.pay_by - nowMs) / 1000)) : undefined;
  return {
    ...(expireSeconds === undefined ? {} : { expireSeconds }),
    payeeId: row.payee_id,
    orderId: row.order_id,
    traceId: row.trace_id,
    quoteAssetId: row.quote_asset_id,
    quoteAmount: row.quote_amount,
    paymentAssetId: row.payment_asset_id,
    settlementAssetId: row.settlement_asset_id,
    isChain: row.is_chain === 1,
    remark: row.note,
    callbackUrl: row.callback_url,
  };
}

/**
 * Creates a queued order at the gateway with the identifiers written ahead, so a repeat (after a lost
 * answer or a crash) names the same payment (docs/api.md, "Creating a payment"). Unreachable: the whole
 * queue waits, keeping its order.
 */
export async function sendOrder(deps: JobDeps, orderId: string): Promise<void> {
  const row = deps.book.get(orderId);
  if (!row || row.status !== 'queued') return deps.work.finish(orderId, 'send');
  let payment: Payment;
  try {
    payment = await deps.client.createPayment(createArgs(row, deps.clock.now()));
    if (payment.traceId !== row.trace_id)
      throw new GatewayRefused(-1, `The gateway answered with another trace (${payment.traceId})`, 200);
  } catch (error) {
    if (error instanceof GatewayUnreachable) {
      deps.writer.unreachable(orderId, error.message);
      deps.work.deferSends(deps.clock.now() + RETRY_MS);
    } else if (error instanceof GatewayRefused) deps.writer.refused(orderId, error.message, error.code);
    else deps.writer.refused(orderId, String(error));
    return;
  }
  deps.writer.accepted(orderId, payment);
}

/**
 * Renews an instruction whose window ended while the payer may still be at the till (docs/api.md,
 * "Deadlines and windows"); the new window's end is due next.
 */
export async function refreshInstruction(deps: JobDeps, orderId: string): Promise<void> {
  const row = deps.book.get(orderId);
  const young = row !== undefined && deps.clock.now() - row.created_at <= AUTO_REFRESH_WINDOW_MS;
  if (!row || !young || !canPay(row.status) || !parseInstruction(row)) return deps.work.finish(orderId, 'refresh');
  try {
    deps.writer.renewed(orderId, await deps.client.refresh(row.trace_id), { kind: 'refresh' });
  } catch (error) {
    if (error instanceof GatewayUnreachable) return deps.work.finish(orderId, 'refresh', deps.clock.now() + RETRY_MS);
    deps.logger.warn('instruction refresh failed', { orderId, error: String(error) });
    deps.work.finish(orderId, 'refresh');
  }
}
