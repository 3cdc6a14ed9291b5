/**
 * The till's order machine, as a pure function: `transition(order, event, nowMs) -> { order, effects }`
 * (docs/architecture.md, "The till's order machine"). Every status change of a till order goes through
 * it; one writer (orders/writer.ts) applies the new state and its effects (history rows, due work) in
 * one SQLite transaction. No I/O, no clock.
 *
 * Invariants: an order starts `queued` (written before the gateway is called, with its send due); it
 * leaves `queued` only when the gateway took it (`unpaid`), refused it, or the cashier withdrew it
 * (`failed`); after that its status is the gateway's result status; a terminal order (`success`,
 * `failed`) never changes again and owes no due work.
 */
import { assertNever } from '../../../shared/assert-never.js';
import type { OrderStatus } from '../../../shared/posapi.js';
import type { ResultStatus } from '../../../shared/status.js';

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

/** A result read from the gateway, as the machine needs it. */
export interface ResultFact {
  status: ResultStatus;
  /** How the result disagrees with the order ('' when it agrees). */
  mismatch: string;
  /** The status in words, for the history. */
  summary: string;
  /** The result's figures (amounts, confirmations, settlement) differ from the stored ones. */
  news: boolean;
}

/** Facts the till learns about an order. */
export type OrderEvent =
  /** The gateway took the create (or the re-sent create) and answered with this instruction. */
  | { kind: 'accepted'; clientId: string; summary: string }
  /** The gateway could not be reached: the order stays queued and is sent again later. */
  | { kind: 'unreachable'; message: string }
  /** The gateway refused the create: the order cannot be made. */
  | { kind: 'refused'; message: string }
  /** A result read from the gateway (poll, callback hint, reconciliation, the owner's detail). */
  | ({ kind: 'result' } & ResultFact)
  /** A renewed instruction window (same order and trace, a new client id). */
  | { kind: 'renewed'; clientId: string; summary: string }
  /** The cashier cancelled the order before the gateway had it. */
  | { kind: 'withdrawn' }
  /** The gateway's answer to the cashier's cancel. */
  | ({ kind: 'cancelled' } & ResultFact);

export type HistoryKind = 'queued' | 'instruction' | 'status' | 'mismatch' | 'note' | 'cancel';

export type OrderEffect =
  /** Append a row to the order's history. */
  | { kind: 'history'; type: HistoryKind; text: string }
  /** The order is open at the gateway: poll its result, by its age (work/cadence.ts). */
  | { kind: 'watch' }
  /** The order ended: all its due work goes. */
  | { kind: 'unwatch' }
  /** The order waits to be sent to the gateway again, after a pause. */
  | { kind: 'resend' }
  /** The gateway has the order: its send is done. */
  | { kind: 'sent' }
  /** The instruction can be paid: renew it when its window ends (on the gateway's clock). */
  | { kind: 'keepFresh' };

export interface OrderOutcome {
  order: OrderState;
  effects: OrderEffect[];
  /** False when the order's stored state stays as it is: nothing to write, nothing to push (due work may still move). */
  changed: boolean;
}

export const NEW_ORDER: OrderState = { status: 'queued', mismatch: '', lastError: '', endedAt: 0, clientId: '' };

const SENT_LATER = 'Sent to the gateway after reconnecting.';
const QUEUED = 'The gateway could not be reached; the order is kept and will be sent again.';
const CANCELLED_HERE = 'Cancelled at the till';

/** The statuses after which nothing changes (docs/api.md, "Results and statuses"). */
export function isEnded(status: OrderStatus): status is 'success' | 'failed' {
  return status === 'success' || status === 'failed';
}

/** Statuses in which the payer may still pay the instruction, so its window is kept fresh. */
export function canPay(status: OrderStatus): boolean {
  return status === 'unpaid' || status === 'paid_less';
}

const same = (order: OrderState): OrderOutcome => ({ order, effects: [], changed: false });

function ended(order: OrderState, status: 'success' | 'failed', nowMs: number): OrderState {
  return { ...order, status, endedAt: order.endedAt || nowMs };
}

function onResult(order: OrderState, fact: ResultFact, nowMs: number): OrderOutcome {
  if (order.status === 'queued') return same(order); // a result before the gateway took the create is stale
  const effects: OrderEffect[] = [];
  let next: OrderState = { ...order, mismatch: fact.mismatch };
  const moved = fact.status !== order.status;
  if (moved) {
    next = isEnded(fact.status) ? ended(next, fact.status, nowMs) : { ...next, status: fact.status };
    effects.push({ kind: 'history', type: 'status', text: fact.summary });
    if (isEnded(fact.status)) effects.push({ kind: 'unwatch' });
    else if (canPay(fact.status)) effects.push({ kind: 'keepFresh' });
  }
  if (fact.mismatch && fact.mismatch !== order.mismatch)
    effects.push({ kind: 'history', type: 'mismatch', text: fact.mismatch });
  return { order: next, effects, changed: moved || next.mismatch !== order.mismatch || fact.news };
}

function onAccepted(order: OrderState, event: Extract<OrderEvent, { kind: 'accepted' }>): OrderOutcome {
  const fresh = event.clientId !== order.clientId;
  const wasQueued = order.status === 'queued';
  const next: OrderState = {
    ...order,
    status: wasQueued ? 'unpaid' : order.status,
    lastError: '',
    clientId: event.clientId,
  };
  const effects: OrderEffect[] = [];
  if (fresh) effects.push({ kind: 'history', type: 'instruction', text: event.summary });
  if (wasQueued && order.lastError) effects.push({ kind: 'history', type: 'note', text: SENT_LATER });
  if (wasQueued) effects.push({ kind: 'watch' }, { kind: 'sent' });
  if (fresh && canPay(next.status)) effects.push({ kind: 'keepFresh' });
  const changed = fresh || wasQueued || order.lastError !== '';
  return changed ? { order: next, effects, changed } : same(order);
}

function onUnreachable(order: OrderState, message: string): OrderOutcome {
  if (order.status !== 'queued') return same(order); // an open order stays open; polling goes on
  const effects: OrderEffect[] = [];
  if (order.lastError === '') effects.push({ kind: 'history', type: 'queued', text: QUEUED });
  effects.push({ kind: 'resend' });
  return { order: { ...order, lastError: message }, effects, changed: order.lastError !== message };
}

export function transition(order: OrderState, event: OrderEvent, nowMs: number): OrderOutcome {
  if (isEnded(order.status)) {
    // Terminal is terminal; but what the gateway still learns (a transaction confirmed after a cancel)
    // is kept, so the owner's detail lists every transaction whatever the status.
    const learned = event.kind === 'result' && event.status === order.status && event.news;
    return learned ? { order, effects: [], changed: true } : same(order);
  }
  switch (event.kind) {
    case 'accepted':
      return onAccepted(order, event);
    case 'unreachable':
      return onUnreachable(order, event.message);
    case 'refused':
      if (order.status !== 'queued') return same(order);
      return {
        order: { ...ended(order, 'failed', nowMs), lastError: event.message },
        effects: [
          { kind: 'history', type: 'note', text: `The gateway refused the order: ${event.message}` },
          { kind: 'unwatch' },
        ],
        changed: true,
      };
    case 'result':
      return onResult(order, event, nowMs);
    case 'renewed': {
      if (order.status === 'queued' || event.clientId === order.clientId) return same(order);
      const effects: OrderEffect[] = [{ kind: 'history', type: 'instruction', text: event.summary }];
      if (canPay(order.status)) effects.push({ kind: 'keepFresh' });
      return { order: { ...order, clientId: event.clientId }, effects, changed: true };
    }
    case 'withdrawn':
      if (order.status !== 'queued') return same(order);
      return {
        order: { ...ended(order, 'failed', nowMs), lastError: 'cancelled before it reached the gateway' },
        effects: [{ kind: 'history', type: 'cancel', text: CANCELLED_HERE }, { kind: 'unwatch' }],
        changed: true,
      };
    case 'cancelled': {
      const outcome = onResult(order, event, nowMs);
      if (order.status === 'queued') return outcome;
      return {
        ...outcome,
        effects: [...outcome.effects, { kind: 'history', type: 'cancel', text: CANCELLED_HERE }],
        changed: true,
      };
    }
    default:
      return assertNever(event);
  }
}
