/**
 * The till's order machine, as a pure function: `transition(order, event, nowMs) -> { order, effects }`.
 * Every status change of a till order goes through it; one writer (the order book) applies the new
 * state and its effects (history rows, watching) in one SQLite transaction. No I/O, no clock.
 *
 * Invariants: an order starts `queued` (written before the gateway is called); it leaves `queued`
 * only when the gateway took it (`unpaid`) or refused it (`failed`); after that its status is the
 * gateway's result status; a terminal order (`success`, `failed`) never changes again.
 */
import { assertNever } from '../../shared/assert-never.js';
import type { OrderStatus } from '../../shared/posapi.js';
import { isTerminal, type ResultStatus } from '../../shared/status.js';

/** What the machine knows of an order. */
export interface OrderState {
  status: OrderStatus;
  /** A disagreement between the gateway's result and the order; '' when none. */
  mismatch: string;
  /** Why the last attempt to reach the gateway failed; '' after a success. */
  lastError: string;
  /** When the order ended (unix ms); 0 while open. */
  endedAt: number;
  /** The client id of the instruction shown to the payer; '' before the gateway answered. */
  clientId: string;
}

/** Facts the till learns about an order. */
export type OrderEvent =
  /** The gateway took the create (or the re-sent create) and answered with this instruction. */
  | { kind: 'accepted'; clientId: string; summary: string }
  /** The gateway could not be reached: the order stays queued and is sent again later. */
  | { kind: 'unreachable'; message: string }
  /** The gateway refused the create: the order cannot be made. */
  | { kind: 'refused'; message: string }
  /** A result read from the gateway (poll, callback hint, reconciliation). */
  | { kind: 'result'; status: ResultStatus; mismatch: string; summary: string }
  /** A renewed instruction window (same order and trace, a new client id). */
  | { kind: 'renewed'; clientId: string; summary: string };

export type HistoryKind = 'queued' | 'instruction' | 'status' | 'mismatch' | 'note';

export type OrderEffect =
  /** Append a row to the order's history. */
  | { kind: 'history'; type: HistoryKind; text: string }
  /** The order is open at the gateway: keep checking its result. */
  | { kind: 'watch' }
  /** The order ended: nothing is polled for it any more. */
  | { kind: 'unwatch' }
  /** The order is waiting to be sent to the gateway again. */
  | { kind: 'resend' };

export interface OrderOutcome {
  order: OrderState;
  effects: OrderEffect[];
  /** False when the event changed nothing (already known): nothing to write, nothing to push. */
  changed: boolean;
}

export const NEW_ORDER: OrderState = { status: 'queued', mismatch: '', lastError: '', endedAt: 0, clientId: '' };

const same = (order: OrderState): OrderOutcome => ({ order, effects: [], changed: false });

function ended(order: OrderState, status: 'success' | 'failed', nowMs: number): OrderState {
  return { ...order, status, endedAt: order.endedAt || nowMs };
}

function onResult(order: OrderState, event: Extract<OrderEvent, { kind: 'result' }>, nowMs: number): OrderOutcome {
  if (order.status === 'queued') return same(order); // a result before the gateway took the create is stale
  const effects: OrderEffect[] = [];
  let next: OrderState = { ...order, mismatch: event.mismatch };
  if (event.status !== order.status) {
    next = isTerminal(event.status)
      ? ended(next, event.status as 'success' | 'failed', nowMs)
      : { ...next, status: event.status };
    effects.push({ kind: 'history', type: 'status', text: event.summary });
    if (isTerminal(event.status)) effects.push({ kind: 'unwatch' });
  }
  if (event.mismatch && event.mismatch !== order.mismatch)
    effects.push({ kind: 'history', type: 'mismatch', text: event.mismatch });
  const changed = next.status !== order.status || next.mismatch !== order.mismatch;
  return { order: next, effects, changed };
}

export function transition(order: OrderState, event: OrderEvent, nowMs: number): OrderOutcome {
  if (isTerminal(order.status as ResultStatus)) return same(order); // terminal is terminal
  switch (event.kind) {
    case 'accepted': {
      const fresh = event.clientId !== order.clientId;
      const next: OrderState = {
        ...order,
        status: order.status === 'queued' ? 'unpaid' : order.status,
        lastError: '',
        clientId: event.clientId,
      };
      const effects: OrderEffect[] = [];
      if (fresh) effects.push({ kind: 'history', type: 'instruction', text: event.summary });
      if (order.status === 'queued') effects.push({ kind: 'watch' });
      return { order: next, effects, changed: fresh || order.status === 'queued' || order.lastError !== '' };
    }
    case 'unreachable': {
      if (order.status !== 'queued') return same(order); // an open order stays open; polling goes on
      const first = order.lastError === '';
      return {
        order: { ...order, lastError: event.message },
        effects: [
          ...(first
            ? [
                {
                  kind: 'history',
                  type: 'queued',
                  text: 'The gateway could not be reached; the order is kept and will be sent again.',
                } as const,
              ]
            : []),
          { kind: 'resend' },
        ],
        changed: order.lastError !== event.message,
      };
    }
    case 'refused': {
      if (order.status !== 'queued') return same(order);
      return {
        order: { ...ended(order, 'failed', nowMs), lastError: event.message },
        effects: [
          { kind: 'history', type: 'note', text: `The gateway refused the order: ${event.message}` },
          { kind: 'unwatch' },
        ],
        changed: true,
      };
    }
    case 'result':
      return onResult(order, event, nowMs);
    case 'renewed': {
      if (order.status === 'queued' || event.clientId === order.clientId) return same(order);
      return {
        order: { ...order, clientId: event.clientId },
        effects: [{ kind: 'history', type: 'instruction', text: event.summary }],
        changed: true,
      };
    }
    default:
      return assertNever(event);
  }
}
