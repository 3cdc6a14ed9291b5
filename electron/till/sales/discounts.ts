/**
 * Discounts at checkout (README, "Discounts"): each one given (per line, and on the order) with its
 * share of what it applies to; above the shop's limit it needs a manager's PIN when staff accounts
 * exist; every discount goes to the audit log with who gave it, how much, on which sale, and who approved.
 */
import { Decimal } from 'decimal.js';
import type { CartInput, PricedCart } from '../../../shared/cart/types.js';
import { compare, isPositive, subtract } from '../../../shared/money.js';
import type { AuditActor } from '../audit/log.js';
import { posError } from '../../../shared/pos-error.js';

export interface DiscountGiven {
  scope: 'line' | 'order';
  /** The line's name ('' for the order). */
  line: string;
  kind: 'amount' | 'percent';
  value: string;
  /** What it took off, in the shop currency. */
  amount: string;
  /** That amount as a percentage of what it applies to (2 decimals, rounded up so 10.001 % is over 10 %). */
  percent: string;
}

function percentOf(amount: string, base: string): string {
  if (!isPositive(base)) return '0';
  return new Decimal(amount).times(100).dividedBy(base).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed();
}

/** The discounts of a priced cart, in the order of its lines, the order's last. */
export function discountsOf(cart: CartInput, priced: PricedCart): DiscountGiven[] {
  const given: DiscountGiven[] = [];
  cart.lines.forEach((line, i) => {
    const p = priced.lines[i];
    if (!line.discount || !p || !isPositive(p.discount)) return;
    const { kind, value } = line.discount;
    given.push({
      scope: 'line',
      line: p.name,
      kind,
      value,
      amount: p.discount,
      percent: percentOf(p.discount, p.gross),
    });
  });
  if (cart.orderDiscount && isPositive(priced.orderDiscount)) {
    const base = subtract(priced.subtotal, priced.lineDiscounts);
    const { kind, value } = cart.orderDiscount;
    given.push({
      scope: 'order',
      line: '',
      kind,
      value,
      amount: priced.orderDiscount,
      percent: percentOf(priced.orderDiscount, base),
    });
  }
  return given;
}

/** The discounts above the limit; each needs a manager's approval. */
export function overLimit(given: readonly DiscountGiven[], limit: string): DiscountGiven[] {
  return given.filter((d) => compare(d.percent, limit) > 0);
}

export interface ApprovalCheck {
  /** True when the till has staff accounts (otherwise there is no one to ask). */
  staffed: boolean;
  approve: (approval: { accountId: string; pin: string }) => AuditActor;
  /** The signed-in caller when they are a manager or the owner: they approve their own discount, no PIN asked. */
  self?: AuditActor | null;
}

/** Refuses a discount above the limit without a manager's approval; answers the approver (null when none was needed). */
export function approveDiscounts(
  given: readonly DiscountGiven[],
  limit: string,
  approval: { accountId: string; pin: string } | undefined,
  check: ApprovalCheck,
): AuditActor | null {
  const over = overLimit(given, limit);
  if (over.length === 0 || !check.staffed) return null;
  if (check.self) return check.self;
  if (!approval) {
    const worst = over.reduce((a, b) => (compare(a.percent, b.percent) >= 0 ? a : b));
    throw posError('discount_needs_approval', { percent: worst.percent, limit }, 'approval');
  }
  return check.approve(approval);
}
