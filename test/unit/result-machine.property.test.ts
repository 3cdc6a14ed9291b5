/**
 * Property test of the result state machine: random sequences of payments (wallet and on-chain),
 * confirmations, reorganisations, clock moves, cancellations and review decisions, for fixed and
 * open amounts, checked step by step against a small reference model and the money invariants
 * (nothing lost, nothing counted twice, terminal is terminal, paymentAmount never above
 * payableAmount and paymentAmount + surplusAmount exactly what was sent in the payment asset).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONFIRMATION_GRACE_MS,
  recognisedOf,
  surplusOf,
  transition,
  type Effect,
  type Fact,
  type ResultState,
} from '../../electron/gateway/results/machine.js';
import { add, compare, isZero } from '../../shared/money.js';
import type { ResultStatus } from '../../shared/status.js';

const ASSET = 'asset-a';
const OTHER = 'asset-b';
const SETTLE_MS = 10_000;

type Action =
  | { kind: 'pay'; units: number; final: boolean; wrongAsset: boolean }
  | { kind: 'confirm'; pick: number }
  | { kind: 'reorg'; pick: number }
  | { kind: 'advance'; seconds: number }
  | { kind: 'cancel' }
  | { kind: 'review'; approve: boolean };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      units: fc.integer({ min: 1, max: 8 }),
      final: fc.boolean(),
      wrongAsset: fc.constantFrom(false, false, false, true),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('confirm' as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reorg' as const), pick: fc.nat(20) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      seconds: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 60, max: 200_000 })),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('review' as const), approve: fc.boolean() }) },
);

interface Tx {
  txid: string;
  amount: string;
  final: boolean;
  confirmed: boolean;
  /** A reorganisation took it away before it was confirmed: never received. */
  gone: boolean;
  booked: 'counted' | 'surplus' | 'wrong_asset';
}

const total = (txs: readonly Tx[]): string => txs.reduce((sum, t) => add(sum, t.amount), '0');
/** Transactions received toward the order while it was open, and still there. */
const countedOf = (txs: readonly Tx[]): Tx[] => txs.filter((t) => t.booked === 'counted' && !t.gone);

/** The reference: what the status should be, from totals, written independently of the machine. */
class Model {
  status: ResultStatus = 'unpaid';
  failureCode = '0';
  waiting = false; // deadline reached while confirming
  settleAt = 0;
  constructor(
    readonly payable: string,
    readonly deadlineMs: number,
    readonly review: boolean,
  ) {}

  terminal(): boolean {
    return this.status === 'success' || this.status === 'failed';
  }
  acceptsMoney(now: number): boolean {
    return (
      ['unpaid', 'confirming', 'paid_less'].includes(this.status) && !(this.deadlineMs > 0 && now >= this.deadlineMs)
    );
  }
  end(code: string): void {
    this.status = 'failed';
    this.failureCode = code;
    this.settleAt = 0;
  }
  /** Re-judges from the ledger totals after money, a confirmation or a reorganisation. */
  judge(txs: Tx[], now: number): void {
    const counted = countedOf(txs);
    const confirmed = total(counted.filter((t) => t.confirmed));
    const open = counted.some((t) => !t.confirmed);
    const enough = isZero(this.payable) ? !isZero(confirmed) : compare(confirmed, this.payable) >= 0;
    if (enough) {
      this.status = this.review ? 'auditing' : 'pending';
      if (!this.review) this.settleAt = now + SETTLE_MS;
    } else if (open) this.status = 'confirming';
    else if (this.waiting || (this.deadlineMs > 0 && now >= this.deadlineMs)) this.end('40024');
    else this.status = 'paid_less';
  }
  /** A counted transaction still confirming vanished. */
  reorg(txs: Tx[], now: number): void {
    if (this.status !== 'confirming') return;
    if (countedOf(txs).length > 0) this.judge(txs, now);
    else if (this.waiting) this.end('40000');
    else this.status = 'unpaid';
  }
}

function run(actions: Action[], payable: string, deadlineMs: number, review: boolean): void {
  let now = 0;
  let state: ResultState = {
    status: 'unpaid',
    paymentAssetId: ASSET,
    payable,
    received: '0',
    confirmed: '0',
    confirming: 0,
    late: '0',
    deadlineMs,
    deadlinePassed: false,
    reviewRequired: review,
    failureCode: '0',
    failureReason: '',
    settleStatus: '',
    settleDueMs: 0,
    hasCallbackUrl: true,
    callbackEvents: new Set(['settle', 'pending', 'paid_less']),
    awaitingInstruction: false,
  };
  const model = new Model(payable, deadlineMs, review);
  const txs: Tx[] = [];
  let n = 0;

  const step = (fact: Fact): Effect[] => {
    const before = state;
    const outcome = transition(state, fact, now, { settlementMs: SETTLE_MS });
    state = outcome.state;
    // Terminal is terminal.
    if (before.status === 'success' || before.status === 'failed') {
      expect(state.status).toBe(before.status);
      expect(state.failureCode).toBe(before.failureCode);
    }
    return outcome.effects;
  };

  for (const a of actions) {
    switch (a.kind) {
      case 'pay': {
        const tx: Tx = {
          txid: `tx-${++n}`,
          amount: String(a.units),
          final: a.final,
          confirmed: a.final,
          gone: false,
          booked: 'counted',
        };
        const accepts = model.acceptsMoney(now);
        const fact: Fact = a.final
          ? { kind: 'transfer', txid: tx.txid, assetId: a.wrongAsset ? OTHER : ASSET, amount: tx.amount }
          : { kind: 'seen', txid: tx.txid, assetId: a.wrongAsset ? OTHER : ASSET, amount: tx.amount, final: false };
        const books = step(fact).filter((e): e is Extract<Effect, { kind: 'book' }> => e.kind === 'book');
        expect(books).toHaveLength(1); // every amount is booked exactly once
        tx.booked = books[0]!.as as Tx['booked'];
        const expected = a.wrongAsset ? 'wrong_asset' : accepts ? 'counted' : 'surplus';
        expect(tx.booked).toBe(expected);
        txs.push(tx);
        if (tx.booked === 'counted') model.judge(txs, now);
        break;
      }
      case 'confirm': {
        const open = countedOf(txs).filter((t) => !t.confirmed);
        const tx = open[a.pick % Math.max(open.length, 1)];
        if (!tx) break;
        step({ kind: 'confirmed', txid: tx.txid, amount: tx.amount });
        tx.confirmed = true;
        if (model.status === 'confirming') model.judge(txs, now);
        break;
      }
      case 'reorg': {
        // Rails report a reorganisation only for counted transactions not yet confirmed.
        const open = countedOf(txs).filter((t) => !t.confirmed);
        const tx = open[a.pick % Math.max(open.length, 1)];
        if (!tx) break;
        step({ kind: 'gone', txid: tx.txid, amount: tx.amount });
        tx.gone = true;
        model.reorg(txs, now);
        break;
      }
      case 'advance': {
        now += a.seconds * 1000;
        // The scheduler's order: deadline, grace, settlement.
        if (deadlineMs > 0 && now >= deadlineMs && !state.deadlinePassed) {
          step({ kind: 'deadline' });
          if (model.status === 'unpaid') model.end('40000');
          else if (model.status === 'paid_less') model.end('40024');
          else if (model.status === 'confirming') model.waiting = true;
        }
        if (state.deadlinePassed && now >= deadlineMs + CONFIRMATION_GRACE_MS) {
          step({ kind: 'grace_over' });
          if (model.status === 'confirming') model.end('40000');
        }
        if (state.settleDueMs > 0 && now >= state.settleDueMs) {
          step({ kind: 'settled' });
          if (model.status === 'pending') model.status = 'success';
        }
        break;
      }
      case 'cancel': {
        const outcome = transition(state, { kind: 'cancel' }, now, { settlementMs: SETTLE_MS });
        if (model.terminal()) expect(outcome.refusal?.refused).toBe('terminal');
        else model.end('40032');
        step({ kind: 'cancel' });
        break;
      }
      case 'review': {
        const outcome = transition(state, { kind: 'review', decision: a.approve ? 'approve' : 'reject' }, now, {
          settlementMs: SETTLE_MS,
        });
        if (model.status !== 'auditing') expect(outcome.refusal?.refused).toBe('not_auditing');
        else if (a.approve) model.status = 'success';
        else model.end('10095');
        step({ kind: 'review', decision: a.approve ? 'approve' : 'reject' });
        break;
      }
    }
    // The machine agrees with the model...
    expect(state.status).toBe(model.status);
    if (state.status === 'failed') expect(state.failureCode).toBe(model.failureCode);
    // ...and with the ledger: received money is exactly what was booked as counted, once, and not gone.
    const counted = countedOf(txs);
    expect(state.received).toBe(total(counted));
    expect(state.confirmed).toBe(total(counted.filter((t) => t.confirmed)));
    expect(state.confirming).toBe(counted.filter((t) => !t.confirmed).length);
    const late = txs.filter((t) => t.booked === 'surplus');
    expect(state.late).toBe(total(late));
    // Nothing lost: every amount paid in is received, late, the wrong asset, or taken away by a reorg.
    const wrong = txs.filter((t) => t.booked === 'wrong_asset');
    const gone = txs.filter((t) => t.gone);
    expect(add(state.received, state.late, total(wrong), total(gone))).toBe(total(txs));
    // docs/api.md, "Amounts and surplus": paymentAmount is never above payableAmount (an open amount: everything received)...
    const paid = recognisedOf(state);
    const surplus = surplusOf(state);
    if (isZero(payable)) expect(paid).toBe(total(counted));
    else expect(paid).toBe(compare(total(counted), payable) <= 0 ? total(counted) : payable);
    if (!isZero(payable)) expect(compare(paid, payable)).toBeLessThanOrEqual(0);
    // ...and paymentAmount + surplusAmount is exactly what was sent in the payment asset and is still there.
    const sentInAsset = txs.filter((t) => (t.booked === 'counted' || t.booked === 'surplus') && !t.gone);
    expect(add(paid, surplus)).toBe(total(sentInAsset));
    expect(compare(surplus, '0')).toBeGreaterThanOrEqual(0);
  }
}

describe('result state machine (property)', () => {
  it('agrees with the reference model and keeps every amount, for random histories', () => {
    fc.assert(
      // payableUnits 0 is an open amount (the payer chose it).
      fc.property(
        fc.array(action, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 20 }),
        fc.oneof(fc.constant(0), fc.integer({ min: 10, max: 3600 })),
        fc.boolean(),
        (actions, payableUnits, deadlineS, review) => {
          run(actions, String(payableUnits), deadlineS * 1000, review);
        },
      ),
      { numRuns: 500 },
    );
  });
});
