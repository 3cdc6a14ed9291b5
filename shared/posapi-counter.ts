/**
 * The cashier's side of the customer display (README, "Customer display"): the till shows the cart being
 * rung up on the display, and asks the payer the tip question there. The display's only input is the
 * answer to the one tip question that is open (`DisplayTipAnswerSchema`, POST /display/tip with the
 * display token); it can call no PosApi command.
 */
import { z } from 'zod';
import { CartInputSchema, TipChoiceSchema, type TipChoice } from './cart/types.js';

/** One line of the cart as the payer sees it: no item ids, no notes. */
export interface DisplayCartLine {
  name: string;
  quantity: number;
  unitPrice: string;
  /** This line's own discount ('0' when none). */
  discount: string;
  total: string;
}

/** The cart on the display: live while rung up (`ringing`), or the finished sale (`paid`, with the change). */
export interface DisplayCart {
  stage: 'ringing' | 'paid';
  symbol: string;
  lines: DisplayCartLine[];
  subtotal: string;
  discountTotal: string;
  taxTotal: string;
  taxMode: 'included' | 'added';
  saleTotal: string;
  tip: string;
  total: string;
  /** Already paid in cash and by card (a split sale's crypto part pays the rest); '0' when none. */
  paidCash: string;
  paidCard: string;
  /** Cash given back ('0' when none). */
  change: string;
}

/** The tip question as the display shows it: presets with what they come to, and the largest custom tip. */
export interface DisplayTipQuestion {
  questionId: string;
  symbol: string;
  saleTotal: string;
  presets: { percent: string; amount: string }[];
  /** Custom tips above this (the sale total, i.e. 100 %) are refused. */
  maxAmount: string;
  /** The currency's minor unit (fractional digits). */
  places: number;
}

/** The state of a tip question as the cashier polls it. */
export interface TipQuestionState {
  questionId: string;
  /** `open` until the payer answers on the display or the cashier ends it (`ended`). */
  status: 'open' | 'answered' | 'ended';
  tip: TipChoice | null;
}

const questionId = z
  .string()
  .trim()
  .regex(/^tq-[a-z0-9]{6,32}$/, 'must be a tip question id');

/** What the display may send: the answer to the open question, once. */
export const DisplayTipAnswerSchema = z.object({ questionId, tip: TipChoiceSchema }).strict();
export type DisplayTipAnswer = z.infer<typeof DisplayTipAnswerSchema>;

export const counterArgSchemas = {
  /** The cart being rung up, shown live on the display (null: the cart was emptied). */
  'display.cart': z.object({ cart: CartInputSchema.nullable() }).strict(),
  /** Opens the tip question on the display for this cart; answers its id and how many displays watch. */
  'display.askTip': z.object({ cart: CartInputSchema }).strict(),
  /** Where the question stands (the cashier's screen polls it while it waits). */
  'display.tip': z.object({ questionId }).strict(),
  /** The cashier chose for the payer or skipped: the question closes on the display. */
  'display.endTip': z.object({ questionId }).strict(),
} as const;

export interface CounterResults {
  'display.cart': { displays: number };
  'display.askTip': { questionId: string; displays: number };
  'display.tip': TipQuestionState;
  'display.endTip': TipQuestionState;
}
