/**
 * The one writer of till orders (docs/architecture.md, "The till's order machine"). For each fact it
 * loads the order's state, runs the order machine, and commits the new state, the event's own columns
 * (instruction, result) and every effect (history rows, due work) in one SQLite transaction; the order's
 * view is pushed after the commit. A claimed due item the fact answers is finished in that same
 * transaction, so the work and its outcome are committed together or not at all.
 */
import { assertNever } from '../../../shared/assert-never.js';
import type { Payment, PaymentResult } from '../../../shared/wire.js';
import type { Clock } from '../../platform/clock.js';
import type { IdSource } from '../../platform/ids.js';
import { RETRY_MS, type PollCadence } from '../work/cadence.js';
import type { DueKind, DueWork } from '../work/due-work.js';
import type { NewOrder, OrderBook, OrderRow } from './book.js';
import {
  isEnded,
  NEW_ORDER,
  transition,
  type OrderEffect,
  type OrderEvent,
  type OrderOutcome,
  type OrderState,
  type ResultFact,
} from './machine.js';
import {
  describeStatus,
  hasNews,
  mismatchOf,
  parseInstruction,
  parseResult,
  statusOf,
  storedFacts,
  type AssetFacts,
} from './views.js';

export interface WriterDeps {
  book: OrderBook;
  work: DueWork;
  clock: Clock;
  ids: IdSource;
  cadence: PollCadence;
  /** The gateway's clock minus the till's, as last learned (ms): instruction windows end on the gateway's clock. */
  gatewayOffsetMs: () => number;
  /** Pushes the order's view (after the commit). */
  publish: (orderId: string) => void;
  /** The asset list's facts of a payment asset (link/catalog.ts), kept with each instruction; absent: none. */
  factsOf?: (assetId: string) => AssetFacts | undefined;
}

/** The claimed due item a write finishes: gone, or due again at `next` while the order is still watched. */
export interface Done {
  kind: DueKind;
  next?: number;
}

/** What a fact means for an order: the machine's event, and what the event itself stores. */
interface Fact {
  event: OrderEvent;
  columns?: Partial<OrderRow>;
}

/** The client id of the stored instruction (validated when it was stored; read here on every write, so kept cheap). */
function clientIdOf(row: OrderRow): string {
  if (!row.instruction) return '';
  const stored = JSON.parse(row.instruction) as { clientId?: unknown };
  return typeof stored.clientId === 'string' ? stored.clientId : '';
}

function stateOf(row: OrderRow): OrderState {
  return {
    status: row.status,
    mismatch: row.mismatch,
    lastError: row.last_error,
    endedAt: row.ended_at,
    clientId: clientIdOf(row),
  };
}

function resultFact(row: OrderRow, result: PaymentResult): ResultFact {
  const status = statusOf(result);
  return {
    status,
    mismatch: mismatchOf(row, result),
    summary: describeStatus(status, result),
    news: hasNews(parseResult(row), result),
  };
}

/** Refusal codes kept for the cashier who waits on them; a bound so refusals nobody asks for cannot pile up. */
const MAX_REFUSAL_CODES = 256;

export class OrderWriter {
  /** The /v1 code of each order's latest refusal (in memory: only a create the cashier waits on reads it). */
  private readonly refusalCodes = new Map<string, number>();

  constructor(private readonly deps: WriterDeps) {}

  /** Writes a new order ahead of the gateway: queued, its first history row, its send due now. */
  write(order: NewOrder): void {
    const { book, work } = this.deps;
    book.db.transaction(() => {
      book.insert(order, NEW_ORDER.status);
      const text = `Order for ${order.quote_amount} ${order.quote_symbol} written`;
      book.event(order.order_id, order.created_at, 'created', text);
      work.schedule(order.order_id, 'send', order.created_at);
    })();
  }

  /** The gateway took the create and answered with its instruction. */
  accepted(orderId: string, payment: Payment): OrderOutcome | undefined {
    return this.commit(orderId, (row) => ({
      event: {
        kind: 'accepted',
        clientId: payment.clientId,
        summary: `Pay ${payment.paymentAmount} ${payment.paymentAssetSymbol}${payment.isChain ? ' on chain' : ''}`,
      },
      columns: {
        instruction: JSON.stringify(payment),
        // The wallet QR's transfer id belongs to one instruction: a new one gets a new id.
        transfer_trace: clientIdOf(row) === payment.clientId ? row.transfer_trace : this.deps.ids.uuid(),
        asset_facts: this.factsColumn(row, payment),
      },
    }));
  }

  /**
   * An order the gateway refused at its first send, while the cashier waits: it never existed there,
   * so it leaves no failed order behind (the refusal is the create's answer).
   */
  discard(orderId: string): void {
    this.refusalCodes.delete(orderId);
    const { book, work } = this.deps;
    book.db.transaction(() => {
      work.clear(orderId);
      book.remove(orderId);
    })();
  }

  unreachable(orderId: string, message: string): OrderOutcome | undefined {
    return this.commit(orderId, () => ({ event: { kind: 'unreachable', message } }));
  }

  /** `code`: the gateway's /v1 code (-1 when the refusal was not the gateway's envelope). */
  refused(orderId: string, message: string, code = -1): OrderOutcome | undefined {
    this.refusalCodes.delete(orderId);
    this.refusalCodes.set(orderId, code);
    if (this.refusalCodes.size > MAX_REFUSAL_CODES) this.refusalCodes.delete(this.refusalCodes.keys().next().value!);
    return this.commit(orderId, () => ({ event: { kind: 'refused', message } }));
  }

  /** The /v1 code of the order's latest refusal (-1 when unknown); the till tells refusals apart by it. */
  refusalCode(orderId: string): number {
    return this.refusalCodes.get(orderId) ?? -1;
  }

  /** A result read from the gateway; written when it says something new. Idempotent. */
  result(orderId: string, result: PaymentResult, done?: Done): OrderOutcome | undefined {
    return this.commit(
      orderId,
      (row) => ({ event: { kind: 'result', ...resultFact(row, result) }, columns: { result: JSON.stringify(result) } }),
      done,
    );
  }

  /**
   * The facts an instruction is described with (network, EVM chain and token), kept with the order so
   * a restart describes it exactly as before, even before the asset list is read again (or at all).
   */
  private factsColumn(row: OrderRow, payment: Payment): string {
    const facts = this.deps.factsOf?.(payment.paymentAssetId);
    if (facts) return JSON.stringify({ assetId: payment.paymentAssetId, ...facts });
    return storedFacts(row, payment.paymentAssetId) ? row.asset_facts : '';
  }

  /** A renewed instruction (a new window and client id for the same order). */
  renewed(orderId: string, payment: Payment, done?: Done): OrderOutcome | undefined {
    return this.commit(
      orderId,
      (row) => ({
        event: {
          kind: 'renewed',
          clientId: payment.clientId,
          summary: `Renewed: pay ${payment.paymentAmount} ${payment.paymentAssetSymbol}`,
        },
        columns: {
          instruction: JSON.stringify(payment),
          transfer_trace: this.deps.ids.uuid(),
          asset_facts: this.factsColumn(row, payment),
        },
      }),
      done,
    );
  }

  /** The cashier cancelled an order the gateway does not have yet. */
  withdrawn(orderId: string): OrderOutcome | undefined {
    return this.commit(orderId, () => ({ event: { kind: 'withdrawn' } }));
  }

  /** The gateway's answer to the cashier's cancel. */
  cancelled(orderId: string, result: PaymentResult): OrderOutcome | undefined {
    return this.commit(orderId, (row) => ({
      event: { kind: 'cancelled', ...resultFact(row, result) },
      columns: { result: JSON.stringify(result) },
    }));
  }

  private commit(orderId: string, factOf: (row: OrderRow) => Fact, done?: Done): OrderOutcome | undefined {
    const { book, clock } = this.deps;
    const now = clock.now();
    const outcome = book.db.transaction((): OrderOutcome | undefined => {
      const row = book.get(orderId);
      if (!row) return undefined;
      const fact = factOf(row);
      const next = transition(stateOf(row), fact.event, now);
      if (done) this.finish(orderId, done, next.order);
      if (next.changed) {
        const { status, mismatch, lastError, endedAt } = next.order;
        book.update(orderId, {
          ...fact.columns,
          status,
          mismatch,
          last_error: lastError,
          ended_at: endedAt,
          updated_at: now,
        });
      }
      for (const effect of next.effects) this.apply(row, effect, now);
      return next;
    })();
    if (outcome?.changed) this.deps.publish(orderId);
    return outcome;
  }

  private finish(orderId: string, done: Done, order: OrderState): void {
    const watched = order.status !== 'queued' && !isEnded(order.status);
    this.deps.work.finish(orderId, done.kind, watched ? done.next : undefined);
  }

  private apply(row: OrderRow, effect: OrderEffect, now: number): void {
    const { book, work, cadence } = this.deps;
    switch (effect.kind) {
      case 'history':
        book.event(row.order_id, now, effect.type, effect.text);
        return;
      case 'watch': {
        const next = cadence.next(row);
        if (next !== undefined) work.schedule(row.order_id, 'poll', next);
        return;
      }
      case 'unwatch':
        work.clear(row.order_id);
        return;
      case 'resend':
        work.schedule(row.order_id, 'send', now + RETRY_MS);
        return;
      case 'sent':
        work.finish(row.order_id, 'send');
        return;
      case 'keepFresh':
        this.keepFresh(row.order_id);
        return;
      default:
        assertNever(effect);
    }
  }

  /** The refresh is due when the instruction's window ends: on the gateway's clock, and on the till's as last learned. */
  private keepFresh(orderId: string): void {
    const current = this.deps.book.get(orderId);
    const instruction = current && parseInstruction(current);
    if (!instruction) return;
    const windowEnd = instruction.expire * 1000;
    this.deps.work.scheduleByGateway(orderId, 'refresh', windowEnd, windowEnd - this.deps.gatewayOffsetMs());
  }
}
