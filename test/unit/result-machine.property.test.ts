/**
 * Property test of the result state machine: random sequences of payments (wallet and on-chain),
 * confirmations, clock moves, cancellations and review decisions, checked step by step against a
 * small reference model and the money invariants (nothing lost, nothing counted twice, terminal
 * is terminal).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONFIRMATION_GRACE_MS, transition, type Effect, type Fact, type ResultState } from '../../electron/gateway/results/machine.js';
import { add, compare, isZero, subtract } from '../../shared/money.js';
import type { ResultStatus } from '../../shared/status.js';

const ASSET = 'asset-a';
const OTHER = 'asset-b';
const SETTLE_MS = 10_000;

type Action =
  | { kind: 'pay'; units: number; final: boolean; wrongAsset: boolean }
  | { kind: 'confirm'; pick: number }
  | { kind: 'advance'; seconds: number }
  | { kind: 'cancel' }
  | { kind: 'review'; approve: boolean };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), units: fc.integer({ min: 1, max: 8 }), final: fc.boolean(), wrongAsset: fc.constantFrom(false, false, false, true) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('confirm' as const), pick: fc.nat(20) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('advance' as const), seconds: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 60, max: 200_000 })) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('review' as const), approve: fc.boolean() }) },
);

interface Tx {
  txid: string;
  amount: string;
  final: boolean;
  confirmed: boolean;
  booked: 'counted' | 'surplus' | 'wrong_asset';
}

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
    return ['unpaid', 'confirming', 'paid_less'].includes(this.status) && !(this.deadlineMs > 0 && now >= this.deadlineMs);
  }
  end(code: string): void {
    this.status = 'failed';
    this.failureCode = code;
    this.settleAt = 0;
  }
  /** Re-judges from the ledger totals after money or a confirmation. */
  judge(txs: Tx[], now: number): void {
    const counted = txs.filter((t) => t.booked === 'counted');
    const confirmed = counted.filter((t) => t.confirmed).reduce((sum, t) => add(sum, t.amount), '0');
    const open = counted.some((t) => !t.confirmed);
    if (compare(confirmed, this.payable) >= 0) {
      this.status = this.review ? 'auditing' : 'pending';
      if (!this.review) this.settleAt = now + SETTLE_MS;
    } else if (open) this.status = 'confirming';
    else if (this.waiting || (this.deadlineMs > 0 && now >= this.deadlineMs)) this.end('40024');
    else this.status = 'paid_less';
  }
}

function run(actions: Action[], payable: string, deadlineMs: number, review: boolean): void {
  let now = 0;
  let state: ResultState = {
    status: 'unpaid',
    paymentAssetId: ASSET,
    payable,
    recognised: '0',
    confirmed: '0',
    confirming: 0,
    deadlineMs,
    deadlinePassed: false,
    reviewRequired: review,
    surplus: '0',
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
  let paidIn = '0';
  let overpaid = '0';
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
    // Surplus that no surplus booking explains is money beyond what was due.
    const bookedSurplus = outcome.effects.some((e) => e.kind === 'book' && e.as === 'surplus') && 'amount' in fact ? fact.amount : '0';
    overpaid = add(overpaid, subtract(subtract(state.surplus, before.surplus), bookedSurplus));
    return outcome.effects;
  };

  for (const a of actions) {
    switch (a.kind) {
      case 'pay': {
        const tx: Tx = { txid: `tx-${++n}`, amount: String(a.units), final: a.final, confirmed: a.final, booked: 'counted' };
        paidIn = add(paidIn, tx.amount);
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
        const open = txs.filter((t) => t.booked === 'counted' && !t.confirmed);
        const tx = open[a.pick % Math.max(open.length, 1)];
        if (!tx) break;
        step({ kind: 'confirmed', txid: tx.txid, amount: tx.amount });
        tx.confirmed = true;
        if (model.status === 'confirming') model.judge(txs, now);
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
        const outcome = transition(state, { kind: 'review', decision: a.approve ? 'approve' : 'reject' }, now, { settlementMs: SETTLE_MS });
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
    // ...and with the ledger: counted money is exactly what was booked as counted, once.
    const counted = txs.filter((t) => t.booked === 'counted');
    expect(state.recognised).toBe(counted.reduce((sum, t) => add(sum, t.amount), '0'));
    expect(state.confirmed).toBe(counted.filter((t) => t.confirmed).reduce((sum, t) => add(sum, t.amount), '0'));
    expect(state.confirming).toBe(counted.filter((t) => !t.confirmed).length);
    // Nothing lost: every amount paid in is counted, kept as surplus, or kept as the wrong asset.
    const surplusBooked = txs.filter((t) => t.booked === 'surplus').reduce((sum, t) => add(sum, t.amount), '0');
    const wrong = txs.filter((t) => t.booked === 'wrong_asset').reduce((sum, t) => add(sum, t.amount), '0');
    expect(add(state.recognised, surplusBooked, wrong)).toBe(paidIn);
    expect(state.surplus).toBe(add(surplusBooked, overpaid));
    if (!isZero(overpaid)) expect(compare(state.confirmed, payable)).toBeGreaterThanOrEqual(0);
  }
}

describe('result state machine (property)', () => {
  it('agrees with the reference model and keeps every amount, for random histories', () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 20 }), fc.oneof(fc.constant(0), fc.integer({ min: 10, max: 3600 })), fc.boolean(), (actions, payableUnits, deadlineS, review) => {
        run(actions, String(payableUnits), deadlineS * 1000, review);
      }),
      { numRuns: 500 },
    );
  });
});
