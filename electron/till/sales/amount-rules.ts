/**
 * Amounts typed at the till hold no more decimals than the shop currency's minor unit (2 for EUR and
 * USD, 0 for JPY): "1.999" in a cash move or "1.005" as a price is refused naming the field, and
 * nothing is written (README, "Selling with a cart").
 */
import type { CheckoutArgs } from '../../../shared/posapi-sales.js';
import { decimalPlaces } from '../../../shared/money.js';
import { posError } from '../../../shared/pos-error.js';

export function minorUnitProblem(amount: string, places: number): string {
  return decimalPlaces(amount) > places
    ? `must have at most ${places} decimal${places === 1 ? '' : 's'} (the currency's minor unit)`
    : '';
}

/** Throws `invalid_args` naming the field when the amount has more decimals than the minor unit. */
export function checkMinorUnit(field: string, amount: string, places: number): void {
  const problem = minorUnitProblem(amount, places);
  if (problem) throw posError(places === 1 ? 'minor_unit_one' : 'minor_unit', { field, places }, field);
}

/** Every amount of a checkout: custom prices, amount discounts and tips, cash and card. */
export function checkCheckoutAmounts(args: CheckoutArgs, places: number): void {
  args.cart.lines.forEach((line, i) => {
    if (!line.itemId) checkMinorUnit(`cart.lines.${i}.unitPrice`, line.unitPrice, places);
    if (line.discount?.kind === 'amount') checkMinorUnit(`cart.lines.${i}.discount.value`, line.discount.value, places);
  });
  if (args.cart.orderDiscount?.kind === 'amount')
    checkMinorUnit('cart.orderDiscount.value', args.cart.orderDiscount.value, places);
  if (args.cart.tip?.kind === 'amount') checkMinorUnit('cart.tip.value', args.cart.tip.value, places);
  if (args.cash) {
    checkMinorUnit('cash.amount', args.cash.amount, places);
    checkMinorUnit('cash.tendered', args.cash.tendered, places);
  }
  if (args.card) checkMinorUnit('card.amount', args.card.amount, places);
}
