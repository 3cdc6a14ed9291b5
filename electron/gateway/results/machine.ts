/**
 * The payment result state machine (docs/api.md, "Results and statuses", "Deadlines and windows" and
 * "Amounts and surplus"), as a pure function:
 * `transition(state, fact, nowMs) -> { state, effects }`. No I/O and no clock of its own; the
 * engine loads the state, applies the outcome and its effects in one SQLite transaction.
 *
 * Money invariants: every amount a fact brings is either received toward the order, kept as late
 * money, or (the wrong asset) recorded as such: never dropped, never counted twice (facts name
 * their transaction and a transaction is booked once). What is shown as paid is derived, never
 * accumulated: `recognisedOf` caps what was received at the amount due and `surplusOf` is all the
 * rest, so paid + surplus is always exactly what the payer sent in the payment asset, also after a
 * reorganisation takes a transaction away. A terminal status never changes.
 */
import { assertNever } from '../../../shared/assert-never.js';
import { FAILURE_CODES, FAILURE_REASONS, NO_FAILURE, type KnownFailureCode } from '../../../shared/failure-codes.js';
import { add, compare, isZero, min, subtract } from '../../../shared/money.js';
import { isTerminal, type ResultStatus } from '../../../shared/status.js';
import type { CallbackEvent } from '../../../shared/wire.js';

/** 24 hours after the deadline, transactions still confirming stop being waited for. */
export const CONFIRMATION_GRACE_MS = 24 * 3600 * 1000;

/** What the machine needs to know of a payment. Amounts are decimal strings in the payment asset. */
export interface ResultState {
  status: ResultStatus;
  paymentAssetId: string;
  /** Total due; '0' for an open amount (the payer chose it). */
  payable: string;
  /**
   * Whole amounts of the transactions that arrived while the order was open (booked `counted`),
   * confirmed or not, less any a reorganisation took away. May exceed `payable`: the part beyond
   * it is surplus (see `recognisedOf`, `surplusOf`).
   */
  received: string;
  /** Of `received`, the confirmed part: full or short payment is judged on this alone. */
  confirmed: string;
  /** Transactions of `received` still waiting for confirmations. */
  confirming: number;
  /** Whole transactions that arrived after full payment, the end or the deadline (booked `surplus`). */
  late: string;
  /** Unix ms of the deadline; 0 = none. */
  deadlineMs: number;
  /** The deadline was reached while transactions were confirming: they are being waited for. */
  deadlinePassed: boolean;
  reviewRequired: boolean;
  failureCode: string;
  failureReason: string;
  settleStatus: '' | 'pending' | 'success';
  /** When the settlement falls due (unix ms); 0 = none scheduled. */
  settleDueMs: number;
  /** Optional callback events subscribed (settle, pending, paid_less); success/fail need only a URL. */
  hasCallbackUrl: boolean;
  callbackEvents: ReadonlySet<string>;
  /** A one-time code for which no instruction was made yet. */
  awaitingInstruction: boolean;
}

/** Facts a rail, the scheduler or the merchant report. */
export type Fact =
  /** A wallet transfer: final at once. */
  | { kind: 'transfer'; txid: string; assetId: string; amount: string }
  /** An on-chain transaction seen with too few confirmations. `final` when the network needs none. */
  | { kind: 'seen'; txid: string; assetId: string; amount: string; final: boolean }
  /** A counted on-chain transaction reached its required confirmations. */
  | { kind: 'confirmed'; txid: string; amount: string }
  /** A counted, still unconfirmed transaction vanished (reorg): it no longer counts. */
  | { kind: 'gone'; txid: string; amount: string }
  /** The gateway clock reached the deadline. */
  | { kind: 'deadline' }
  /** 24 h after the deadline with transactions still confirming. */
  | { kind: 'grace_over' }
  /** The settlement of a `pending` payment is done. */
  | { kind: 'settled' }
  | { kind: 'cancel' }
  | { kind: 'review'; decision: 'approve' | 'reject' }
  /** A one-time code's life ended before any instruction was made for it. */
  | { kind: 'code_expired' };

/** How a money fact's amount was booked. */
export type Booking = 'counted' | 'surplus' | 'wrong_asset';

export type Effect =
  | { kind: 'callback'; event: CallbackEvent }
  /** Book the fact's transaction this way (money facts only). */
  | { kind: 'book'; txid: string; as: Booking };

export type Refusal = { refused: 'terminal' | 'not_auditing' | 'not_applicable'; message: string };

export interface Outcome {
  state: ResultState;
  effects: Effect[];
  /** Set when a merchant operation is not allowed in this state; nothing changes then. */
  refusal?: Refusal;
}

export interface MachineConfig {
  /** How long settlement takes once `pending` (sandbox: 10 s of sandbox time). */
  settlementMs: number;
}

/** `paymentAmount` of a result: what was received toward the order, never more than is due (an open amount: all of it). */
export function recognisedOf(state: Pick<ResultState, 'payable' | 'received'>): string {
  return isZero(state.payable) ? state.received : min(state.received, state.payable);
}

/** `surplusAmount` of a result: the part received beyond what was due, and every late transaction. */
export function surplusOf(state: Pick<ResultState, 'payable' | 'received' | 'late'>): string {
  return add(subtract(state.received, recognisedOf(state)), state.late);
}

const fail = (state: ResultState, code: KnownFailureCode): ResultState => ({
  ...state,
  status: 'failed',
  failureCode: code,
  failureReason: FAILURE_REASONS[code],
  settleStatus: '',
  settleDueMs: 0,
});

/** Events every subscriber gets (success, fail) or only those who asked (the rest). */
function callback(state: ResultState, event: CallbackEvent): Effect[] {
  if (!state.hasCallbackUrl) return [];
  if (event === 'success' || event === 'fail') return [{ kind: 'callback', event }];
  return state.callbackEvents.has(event) ? [{ kind: 'callback', event }] : [];
}

const pastDeadline = (state: ResultState, nowMs: number): boolean => state.deadlineMs > 0 && nowMs >= state.deadlineMs;

/** Fully paid: pending, then auditing when review is required, else settlement is scheduled. */
function paidInFull(state: ResultState, nowMs: number, config: MachineConfig): Outcome {
  const pending: ResultState = { ...state, status: 'pending', settleStatus: 'pending', settleDueMs: 0 };
  const effects = callback(pending, 'pending');
  // Review comes after pending, with no callback of its own; nothing settles while auditing.
  if (state.reviewRequired) return { state: { ...pending, status: 'auditing' }, effects };
  return { state: { ...pending, settleDueMs: nowMs + config.settlementMs }, effects };
}

/** Judges confirmed money once nothing counted is confirming (or the confirmed total is enough). */
function judge(state: ResultState, nowMs: number, config: MachineConfig): Outcome {
  const enough = isZero(state.payable) ? !isZero(state.confirmed) : compare(state.confirmed, state.payable) >= 0;
  if (enough) return paidInFull(state, nowMs, config);
  if (state.confirming > 0) return { state: { ...state, status: 'confirming' }, effects: [] };
  if (state.deadlinePassed || pastDeadline(state, nowMs)) {
    const failed = fail(state, FAILURE_CODES.underpaid);
    return { state: failed, effects: callback(failed, 'fail') };
  }
  const short: ResultState = { ...state, status: 'paid_less' };
  return { state: short, effects: state.status === 'paid_less' ? [] : callback(short, 'paid_less') };
}

function money(
  state: ResultState,
  fact: Extract<Fact, { kind: 'transfer' | 'seen' }>,
  nowMs: number,
  config: MachineConfig,
): Outcome {
  const book = (as: Booking): Effect => ({ kind: 'book', txid: fact.txid, as });
  if (fact.assetId !== state.paymentAssetId) return { state, effects: [book('wrong_asset')] };
  // After the end, after full payment, or after the deadline, money is kept as surplus.
  const closed =
    isTerminal(state.status) ||
    state.status === 'pending' ||
    state.status === 'auditing' ||
    state.awaitingInstruction ||
    pastDeadline(state, nowMs);
  if (closed) return { state: { ...state, late: add(state.late, fact.amount) }, effects: [book('surplus')] };

  // The whole amount is received; the part beyond what is still due shows as surplus (surplusOf).
  const final = fact.kind === 'transfer' || fact.final;
  const next: ResultState = {
    ...state,
    received: add(state.received, fact.amount),
    confirmed: final ? add(state.confirmed, fact.amount) : state.confirmed,
    confirming: final ? state.confirming : state.confirming + 1,
  };
  if (!final) {
    const confirming: ResultState = { ...next, status: 'confirming' };
    // `pending` callbacks cover confirming too; one per entry into confirming.
    return {
      state: confirming,
      effects: [book('counted'), ...(state.status === 'confirming' ? [] : callback(confirming, 'pending'))],
    };
  }
  const judged = judge(next, nowMs, config);
  return { state: judged.state, effects: [book('counted'), ...judged.effects] };
}

/** The transition function. `nowMs` is the gateway clock. */
export function transition(state: ResultState, fact: Fact, nowMs: number, config: MachineConfig): Outcome {
  const unchanged = (refusal?: Refusal): Outcome => ({ state, effects: [], ...(refusal ? { refusal } : {}) });
  switch (fact.kind) {
    case 'transfer':
    case 'seen':
      return money(state, fact, nowMs, config);
    case 'confirmed': {
      if (state.confirming === 0) return unchanged();
      // Received already: a confirmation changes what is confirmed, never paid or surplus. After full
      // payment or the end (e.g. cancelled while confirming) the status does not move.
      const next: ResultState = {
        ...state,
        confirmed: add(state.confirmed, fact.amount),
        confirming: state.confirming - 1,
      };
      if (state.status !== 'confirming') return { state: next, effects: [] };
      return judge(next, nowMs, config);
    }
    case 'gone': {
      if (state.confirming === 0) return unchanged();
      // What it paid is undone, and with it any split: paid and surplus are derived from what is left.
      const next: ResultState = {
        ...state,
        received: subtract(state.received, fact.amount),
        confirming: state.confirming - 1,
      };
      if (state.status !== 'confirming') return { state: next, effects: [] };
      if (isZero(next.received)) {
        if (next.deadlinePassed) {
          const failed = fail(next, FAILURE_CODES.timeout);
          return { state: failed, effects: callback(failed, 'fail') };
        }
        return { state: { ...next, status: 'unpaid' }, effects: [] };
      }
      return judge(next, nowMs, config);
    }
    case 'deadline': {
      // pending and auditing are past the point where a deadline matters.
      if (isTerminal(state.status) || state.status === 'pending' || state.status === 'auditing' || state.deadlinePassed)
        return unchanged();
      if (state.status === 'confirming') return { state: { ...state, deadlinePassed: true }, effects: [] };
      const failed = fail(state, state.status === 'paid_less' ? FAILURE_CODES.underpaid : FAILURE_CODES.timeout);
      return { state: failed, effects: callback(failed, 'fail') };
    }
    case 'grace_over': {
      if (state.status !== 'confirming') return unchanged();
      const failed = fail(state, FAILURE_CODES.timeout);
      return { state: failed, effects: callback(failed, 'fail') };
    }
    case 'settled': {
      if (state.status !== 'pending') return unchanged();
      const done: ResultState = { ...state, status: 'success', settleStatus: 'success', settleDueMs: 0 };
      return { state: done, effects: [...callback(done, 'success'), ...callback(done, 'settle')] };
    }
    case 'cancel': {
      if (isTerminal(state.status))
        return unchanged({ refused: 'terminal', message: `the payment is already ${state.status}` });
      const failed = fail(state, FAILURE_CODES.cancelled);
      return { state: failed, effects: callback(failed, 'fail') };
    }
    case 'review': {
      if (state.status !== 'auditing')
        return unchanged({ refused: 'not_auditing', message: `the payment is ${state.status}, not under review` });
      if (fact.decision === 'approve') {
        // Approval settles at once: straight to success, no second pending.
        const done: ResultState = { ...state, status: 'success', settleStatus: 'success', settleDueMs: 0 };
        return { state: done, effects: [...callback(done, 'success'), ...callback(done, 'settle')] };
      }
      const failed = fail(state, FAILURE_CODES.reviewRejected);
      return { state: failed, effects: callback(failed, 'fail') };
    }
    case 'code_expired': {
      if (!state.awaitingInstruction || isTerminal(state.status)) return unchanged();
      const failed = fail(state, FAILURE_CODES.timeout);
      return { state: failed, effects: callback(failed, 'fail') };
    }
    default:
      return assertNever(fact);
  }
}

export const INITIAL_FAILURE = NO_FAILURE;
