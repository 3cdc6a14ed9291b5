/**
 * Property test of the till's order machine: random sequences of what the till learns (the gateway
 * took the create, could not be reached, refused it; results of every status, renewed instructions,
 * cancels at the till and at the gateway), checked step by step against a small reference model:
 * the status, and the due work the effects leave in till.db (a send while queued, a poll while open
 * at the gateway, a refresh while an instruction can still be paid, nothing once ended).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NEW_ORDER,
  transition,
  type OrderEffect,
  type OrderEvent,
  type OrderState,
} from '../../electron/till/orders/machine.js';
import type { OrderStatus } from '../../shared/posapi.js';
import { RESULT_STATUSES } from '../../shared/status.js';

const resultFact = {
  status: fc.constantFrom(...RESULT_STATUSES),
  mismatch: fc.constantFrom('', '', 'other payee'),
  summary: fc.constant('s'),
  news: fc.boolean(),
};

const event: fc.Arbitrary<OrderEvent> = fc.oneof(
  fc.record({
    kind: fc.constant('accepted' as const),
    clientId: fc.constantFrom('c1', 'c2'),
    summary: fc.constant('Pay 1 USDT'),
  }),
  fc.record({ kind: fc.constant('unreachable' as const), message: fc.constantFrom('timeout', 'refused') }),
  fc.record({ kind: fc.constant('refused' as const), message: fc.constant('10002') }),
  { arbitrary: fc.record({ kind: fc.constant('result' as const), ...resultFact }), weight: 4 },
  fc.record({
    kind: fc.constant('renewed' as const),
    clientId: fc.constantFrom('c1', 'c2', 'c3'),
    summary: fc.constant('Renewed'),
  }),
  fc.record({ kind: fc.constant('withdrawn' as const) }),
  fc.record({ kind: fc.constant('cancelled' as const), ...resultFact }),
);

const ended = (status: OrderStatus) => status === 'success' || status === 'failed';
const canPay = (status: OrderStatus) => status === 'unpaid' || status === 'paid_less';

/** The reference, written from the rules in plain steps. */
function modelStatus(status: OrderStatus, e: OrderEvent): OrderStatus {
  if (ended(status)) return status;
  if (status === 'queued') {
    if (e.kind === 'accepted') return 'unpaid';
    if (e.kind === 'refused' || e.kind === 'withdrawn') return 'failed';
    return 'queued';
  }
  return e.kind === 'result' || e.kind === 'cancelled' ? e.status : status;
}

type Due = 'poll' | 'send' | 'refresh';

/** What the writer does to the order's due work for each effect (orders/writer.ts). */
function applyDue(due: Set<Due>, effects: OrderEffect[]): void {
  for (const effect of effects) {
    if (effect.kind === 'watch') due.add('poll');
    if (effect.kind === 'unwatch') due.clear();
    if (effect.kind === 'resend') due.add('send');
    if (effect.kind === 'sent') due.delete('send');
    if (effect.kind === 'keepFresh') due.add('refresh');
  }
}

describe('till order machine', () => {
  it('follows the reference model and keeps its invariants', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let order: OrderState = NEW_ORDER;
        let expected: OrderStatus = 'queued';
        // The order book writes a new order with its send due (orders/writer.ts, `write`).
        const due = new Set<Due>(['send']);
        let endedAt = 0;
        let now = 1_000;
        for (const e of events) {
          now += 1_000;
          const before = order;
          const outcome = transition(order, e, now);
          expected = modelStatus(expected, e);
          order = outcome.order;
          applyDue(due, outcome.effects);
          expect(order.status).toBe(expected);
          // Unchanged: nothing to write or push; only due work may move (a send tried again later).
          if (!outcome.changed) {
            expect(order).toEqual(before);
            expect(outcome.effects.filter((x) => x.kind !== 'resend')).toEqual([]);
          }
          const terminal = ended(order.status);
          // Sent again while queued, polled exactly while open at the gateway, nothing due after the end.
          expect(due.has('send')).toBe(order.status === 'queued');
          expect(due.has('poll')).toBe(!terminal && order.status !== 'queued');
          if (terminal || order.status === 'queued') expect(due.has('refresh')).toBe(false);
          // A new instruction, or a return to a status that can still pay, keeps the instruction fresh.
          const newInstruction = order.clientId !== before.clientId && canPay(order.status);
          const backToPaying = canPay(order.status) && before.status !== order.status;
          if (newInstruction || backToPaying) expect(outcome.effects).toContainEqual({ kind: 'keepFresh' });
          // endedAt is set once, when the order ends, and never moves.
          if (terminal) {
            expect(order.endedAt).toBeGreaterThan(0);
            if (endedAt) expect(order.endedAt).toBe(endedAt);
            endedAt = order.endedAt;
          } else expect(order.endedAt).toBe(0);
          // Every status change after the gateway took the order leaves a history row.
          if (before.status !== 'queued' && order.status !== before.status)
            expect(outcome.effects).toContainEqual(expect.objectContaining({ kind: 'history', type: 'status' }));
          // A cancel that changed the order is written in its history.
          if ((e.kind === 'withdrawn' || e.kind === 'cancelled') && outcome.changed)
            expect(outcome.effects).toContainEqual(expect.objectContaining({ kind: 'history', type: 'cancel' }));
          // A result with new figures for an order open at the gateway is written, even without a new status.
          if (e.kind === 'result' && e.news && before.status !== 'queued' && !ended(before.status))
            expect(outcome.changed).toBe(true);
          // An ended order keeps its status; only what the gateway still learns of it (new figures or
          // transactions under the same status) is written, so no transaction vanishes from view.
          if (ended(before.status)) {
            expect(order.status).toBe(before.status);
            expect(outcome.effects).toEqual([]);
            const learned = e.kind === 'result' && e.status === before.status && e.news;
            expect(outcome.changed).toBe(learned);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps a queued order queued while the gateway is unreachable, with one history row', () => {
    let order = NEW_ORDER;
    const rows: string[] = [];
    for (const message of ['timeout', 'timeout', 'refused']) {
      const outcome = transition(order, { kind: 'unreachable', message }, 5);
      order = outcome.order;
      for (const e of outcome.effects) if (e.kind === 'history') rows.push(e.type);
      expect(outcome.effects).toContainEqual({ kind: 'resend' });
    }
    expect(order.status).toBe('queued');
    expect(rows).toEqual(['queued']);
    expect(order.lastError).toBe('refused');
  });

  it('notes an order sent after the gateway was unreachable, not one sent at once', () => {
    const accepted: OrderEvent = { kind: 'accepted', clientId: 'c1', summary: 'Pay 1 USDT' };
    const atOnce = transition(NEW_ORDER, accepted, 5);
    expect(atOnce.effects.filter((e) => e.kind === 'history').map((e) => e.kind === 'history' && e.type)).toEqual([
      'instruction',
    ]);
    const queued = transition(NEW_ORDER, { kind: 'unreachable', message: 'timeout' }, 5).order;
    const later = transition(queued, accepted, 6);
    expect(later.order).toMatchObject({ status: 'unpaid', lastError: '' });
    expect(later.effects).toContainEqual({
      kind: 'history',
      type: 'note',
      text: 'Sent to the gateway after reconnecting.',
    });
  });

  it('ignores a result for an order the gateway has not taken yet', () => {
    const outcome = transition(
      NEW_ORDER,
      { kind: 'result', status: 'success', mismatch: '', summary: 'paid', news: true },
      5,
    );
    expect(outcome.changed).toBe(false);
    expect(outcome.order.status).toBe('queued');
  });

  it('withdraws a queued order at the till; an order the gateway has is cancelled by its answer', () => {
    const withdrawn = transition(NEW_ORDER, { kind: 'withdrawn' }, 7);
    expect(withdrawn.order).toMatchObject({
      status: 'failed',
      endedAt: 7,
      lastError: 'cancelled before it reached the gateway',
    });
    expect(withdrawn.effects).toEqual([
      { kind: 'history', type: 'cancel', text: 'Cancelled at the till' },
      { kind: 'unwatch' },
    ]);
    const open = transition(NEW_ORDER, { kind: 'accepted', clientId: 'c1', summary: 'Pay' }, 5).order;
    expect(transition(open, { kind: 'withdrawn' }, 7).changed).toBe(false);
    const cancelled = transition(
      open,
      { kind: 'cancelled', status: 'failed', mismatch: '', summary: 'Failed: cancelled', news: true },
      8,
    );
    expect(cancelled.order).toMatchObject({ status: 'failed', endedAt: 8 });
    expect(cancelled.effects.map((e) => (e.kind === 'history' ? e.type : e.kind))).toEqual([
      'status',
      'unwatch',
      'cancel',
    ]);
  });
});
