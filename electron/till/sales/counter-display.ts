/**
 * What the till shows on the customer display besides the crypto payment (README, "Customer display"):
 * the cart being rung up, the tip question, and a cash or card sale's end. It lives in memory, like the
 * cashier's cart it mirrors; a sale already sent to the gateway is in till.db, and the display feed shows
 * it (with its whole cart) again after a restart (web/customer-display.ts `openSale`). It tells its listener (the display feed) after every change. The one
 * input from the display is `answer`: the open question, answered once, within bounds.
 */
import type { PricedCart, TipChoice } from '../../../shared/cart/types.js';
import { compare, decimalPlaces } from '../../../shared/money.js';
import type { DisplayCart, DisplayTipQuestion, TipQuestionState } from '../../../shared/posapi-counter.js';
import { posError } from '../../../shared/pos-error.js';

interface OpenQuestion extends DisplayTipQuestion {
  state: TipQuestionState;
}

/** How long an answered or ended question is still kept for the cashier's poll. */
const KEPT_QUESTIONS = 20;

export function displayCart(
  priced: PricedCart,
  symbol: string,
  paid: { stage?: DisplayCart['stage']; cash?: string; card?: string; change?: string } = {},
): DisplayCart {
  return {
    stage: paid.stage ?? 'ringing',
    symbol,
    lines: priced.lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      discount: l.discount,
      total: l.total,
    })),
    subtotal: priced.subtotal,
    discountTotal: priced.discountTotal,
    taxTotal: priced.taxTotal,
    taxMode: priced.taxMode,
    saleTotal: priced.saleTotal,
    tip: priced.tip,
    total: priced.total,
    paidCash: paid.cash ?? '0',
    paidCard: paid.card ?? '0',
    change: paid.change ?? '0',
  };
}

/** The largest tip a payer may choose: the sale total (100 %); docs: README "Tips". */
export function tipCap(saleTotal: string): string {
  return saleTotal;
}

/** A refusal naming the field when a tip is not within bounds ('' when it is). */
/** What is wrong with a tip (an `errors` key and its values, `field` still to add), or undefined. */
export function tipProblem(tip: TipChoice, saleTotal: string, places: number): TipIssue | undefined {
  if (tip.kind !== 'amount') return undefined;
  if (decimalPlaces(tip.value) > places) return { key: 'tip_decimals', params: { places } };
  if (compare(tip.value, tipCap(saleTotal)) > 0) return { key: 'tip_over_sale', params: { total: saleTotal } };
  return undefined;
}

export interface TipIssue {
  key: 'tip_decimals' | 'tip_over_sale';
  params: Record<string, string | number>;
}

export class CounterDisplay {
  private cartShown: DisplayCart | null = null;
  private open: OpenQuestion | null = null;
  private readonly past = new Map<string, TipQuestionState>();
  private listener: () => void = () => {};
  /** How many displays watch (the feed says). */
  displays = 0;

  constructor(private readonly newId: () => string) {}

  onChange(listener: () => void): void {
    this.listener = listener;
  }

  get cart(): DisplayCart | null {
    return this.cartShown;
  }

  /** The open question as the display shows it, null when none is open. */
  get question(): DisplayTipQuestion | null {
    if (!this.open || this.open.state.status !== 'open') return null;
    const { state: _state, ...question } = this.open;
    return question;
  }

  /** The cart as rung up; null empties it, but a finished sale's end stays until the next cart. */
  showCart(cart: DisplayCart | null): void {
    if (cart === null && this.cartShown?.stage === 'paid') return;
    this.cartShown = cart;
    this.listener();
  }

  /** A sale was recorded: its end (cash or card only) or nothing (the crypto part takes the screen). */
  saleRecorded(end: DisplayCart | null): void {
    this.cartShown = end;
    if (this.open?.state.status === 'open') this.finish('ended', null);
    else this.listener();
  }

  /** Opens the question; `presets` are the shop's percentages with what each comes to on this sale. */
  ask(priced: PricedCart, symbol: string, places: number, presets: DisplayTipQuestion['presets']): string {
    if (this.open?.state.status === 'open') this.finish('ended', null);
    const questionId = `tq-${this.newId()}`;
    this.open = {
      questionId,
      symbol,
      saleTotal: priced.saleTotal,
      presets: [...presets],
      maxAmount: tipCap(priced.saleTotal),
      places,
      state: { questionId, status: 'open', tip: null },
    };
    this.cartShown = displayCart(priced, symbol);
    this.listener();
    return questionId;
  }

  state(questionId: string): TipQuestionState {
    if (this.open?.questionId === questionId) return this.open.state;
    const past = this.past.get(questionId);
    if (!past) throw posError('tip_question_not_found', {}, 'questionId');
    return past;
  }

  /** The cashier chose for the payer, or skipped. */
  end(questionId: string): TipQuestionState {
    const state = this.state(questionId);
    if (state.status !== 'open') return state;
    return this.finish('ended', null);
  }

  /**
   * The display's answer: only to the question that is open, once, within bounds. Throws a PosError
   * (`conflict` when no such question is open, `invalid_args` naming the field when out of bounds).
   */
  answer(questionId: string, tip: TipChoice): TipQuestionState {
    const open = this.open;
    if (!open || open.questionId !== questionId || open.state.status !== 'open')
      throw posError('tip_question_closed', {}, 'questionId');
    if (tip.kind === 'percent' && !open.presets.some((p) => compare(p.percent, tip.value) === 0))
      throw posError('tip_not_offered', {}, 'tip');
    const problem = tipProblem(tip, open.saleTotal, open.places);
    if (problem) throw posError(problem.key, { field: 'tip', ...problem.params }, 'tip');
    return this.finish('answered', tip);
  }

  private finish(status: 'answered' | 'ended', tip: TipChoice | null): TipQuestionState {
    const open = this.open!;
    open.state = { questionId: open.questionId, status, tip };
    this.past.set(open.questionId, open.state);
    if (this.past.size > KEPT_QUESTIONS) this.past.delete(this.past.keys().next().value!);
    this.listener();
    return open.state;
  }
}
