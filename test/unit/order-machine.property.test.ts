/**
 * Property test of the till's order machine: random sequences of gateway answers (accepted,
 * unreachable, refused, results of every status, renewed instructions), checked step by step against
 * a small reference model and the invariants (queued until the gateway answers, terminal is terminal,
 * watched exactly while open at the gateway, a history row for every status change).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEW_ORDER, transition, type OrderEvent, type OrderState } from '../../electron/till/order-machine.js';
import type { OrderStatus } from '../../shared/posapi.js';
import { RESULT_STATUSES } from '../../shared/status.js';

const event: fc.Arbitrary<OrderEvent> = fc.oneof(
  fc.record({
    kind: fc.constant('accepted' as const),
    clientId: fc.constantFrom('c1', 'c2'),
    summary: fc.constant('Pay 1 USDT'),
  }),
  fc.record({ kind: fc.constant('unreachable' as const), message: fc.constantFrom('timeout', 'refused') }),
  fc.record({ kind: fc.constant('refused' as const), message: fc.constant('10002') }),
  {
    arbitrary: fc.record({
      kind: fc.constant('result' as const),
      status: fc.constantFrom(...RESULT_STATUSES),
      mismatch: fc.constantFrom('', '', 'other payee'),
      summary: fc.constant('s'),
    }),
    weight: 4,
  },
  fc.record({
    kind: fc.constant('renewed' as const),
    clientId: fc.constantFrom('c1', 'c2', 'c3'),
    summary: fc.constant('Renewed'),
  }),
);

/** The reference, written from the rules in plain steps. */
function modelStatus(status: OrderStatus, e: OrderEvent): OrderStatus {
  if (status === 'success' || status === 'failed') return status;
  if (status === 'queued') {
    if (e.kind === 'accepted') return 'unpaid';
    if (e.kind === 'refused') return 'failed';
    return 'queued';
  }
  return e.kind === 'result' ? e.status : status;
}

describe('till order machine', () => {
  it('follows the reference model and keeps its invariants', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let order: OrderState = NEW_ORDER;
        let expected: OrderStatus = 'queued';
        let watching = false;
        let endedAt = 0;
        let now = 1_000;
        for (const e of events) {
          now += 1_000;
          const before = order;
          const outcome = transition(order, e, now);
          expected = modelStatus(expected, e);
          order = outcome.order;
          expect(order.status).toBe(expected);
          if (!outcome.changed) {
            expect(order.status).toBe(before.status);
            expect(order.mismatch).toBe(before.mismatch);
          }
          const kinds = outcome.effects.map((x) => x.kind);
          if (kinds.includes('watch')) {
            expect(watching).toBe(false);
            watching = true;
          }
          if (kinds.includes('unwatch')) watching = false;
          const terminal = order.status === 'success' || order.status === 'failed';
          // Watched exactly while open at the gateway; never after the end.
          expect(watching).toBe(!terminal && order.status !== 'queued');
          // endedAt is set once, when the order ends, and never moves.
          if (terminal) {
            expect(order.endedAt).toBeGreaterThan(0);
            if (endedAt) expect(order.endedAt).toBe(endedAt);
            endedAt = order.endedAt;
          } else expect(order.endedAt).toBe(0);
          // Every status change after the gateway took the order leaves a history row.
          if (before.status !== 'queued' && order.status !== before.status) {
            expect(outcome.effects).toContainEqual(expect.objectContaining({ kind: 'history', type: 'status' }));
          }
          if (terminal && (before.status === 'success' || before.status === 'failed'))
            expect(outcome.effects).toEqual([]);
        }
      }),
      { numRuns: 500 },
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

  it('ignores a result for an order the gateway has not taken yet', () => {
    const outcome = transition(NEW_ORDER, { kind: 'result', status: 'success', mismatch: '', summary: 'paid' }, 5);
    expect(outcome.changed).toBe(false);
    expect(outcome.order.status).toBe('queued');
  });
});
