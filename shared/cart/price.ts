/**
 * Cart arithmetic: lines, discounts, taxes and the tip, in decimal.js, to the currency's minor unit
 * (docs/cart-arithmetic.md is the rule this code follows; keep the two in step). Every money figure
 * it returns is rounded half-up to `places` digits, and they add up exactly:
 *   sum(line.gross) = subtotal; sum(line.net) = subtotal - discountTotal;
 *   sum(taxes[].tax) = taxTotal = sum(line.tax); sum(line.total) = saleTotal; saleTotal + tip = total.
 * The rounding rule only decides where a tax is rounded: per line, or once per rate over the order.
 */
import { Decimal as DecimalJs } from 'decimal.js';
import type { CartInput, CartRules, Discount, PricedCart, PricedLine, TaxBreakdown, TipChoice } from './types.js';

// A private clone: no other code can change its precision or rounding.
const D = DecimalJs.clone({ precision: 80, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -100, toExpPos: 100 });
type Dec = InstanceType<typeof D>;

const ZERO = new D(0);
const HUNDRED = new D(100);

function text(value: Dec): string {
  return value.isZero() ? '0' : value.toFixed();
}

/** Half-up (away from zero at exactly half) to the minor unit. */
function money(value: Dec, places: number): Dec {
  return value.toDecimalPlaces(places, D.ROUND_HALF_UP);
}

function sum(values: readonly Dec[]): Dec {
  return values.reduce((total, v) => total.plus(v), ZERO);
}

/** A discount on `base`, rounded to the minor unit and never more than `base`. */
function discountOn(base: Dec, discount: Discount | undefined, places: number): Dec {
  if (!discount) return ZERO;
  const raw = discount.kind === 'amount' ? new D(discount.value) : base.times(discount.value).dividedBy(HUNDRED);
  return D.min(money(raw, places), base);
}

/**
 * Splits `total` (whole minor units) across `weights` in proportion, in whole minor units, by the
 * largest remainder (ties to the earlier line), so the parts add up to `total` exactly.
 */
function allocate(total: Dec, weights: readonly Dec[], places: number): Dec[] {
  const scale = new D(10).pow(places);
  const units = total.times(scale);
  const weightSum = sum(weights);
  if (weightSum.isZero() || units.isZero()) return weights.map(() => ZERO);
  const exact = weights.map((w) => units.times(w).dividedBy(weightSum));
  const floors = exact.map((e) => e.floor());
  let left = units.minus(sum(floors)).toNumber(); // a count of units, at most weights.length
  const order = exact
    .map((e, index) => ({ index, fraction: e.minus(floors[index]!) }))
    .sort((a, b) => b.fraction.comparedTo(a.fraction) || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    floors[index] = floors[index]!.plus(1);
    left -= 1;
  }
  return floors.map((f) => f.dividedBy(scale));
}

/** The tax a net amount holds (included) or gets (added) at `rate` percent, unrounded. */
function rawTax(net: Dec, rate: Dec, rules: CartRules): Dec {
  if (rate.isZero()) return ZERO;
  return rules.taxMode === 'included'
    ? net.times(rate).dividedBy(HUNDRED.plus(rate))
    : net.times(rate).dividedBy(HUNDRED);
}

/** Each line's tax under the shop's rule; under `order` each rate's rounded tax is split over its lines. */
function lineTaxes(nets: readonly Dec[], rates: readonly Dec[], rules: CartRules): Dec[] {
  if (rules.rounding === 'line') return nets.map((net, i) => money(rawTax(net, rates[i]!, rules), rules.places));
  const taxes = nets.map(() => ZERO);
  for (const rate of distinctRates(rates)) {
    const members = rates.flatMap((r, i) => (r.equals(rate) ? [i] : []));
    const groupNet = sum(members.map((i) => nets[i]!));
    const groupTax = money(rawTax(groupNet, rate, rules), rules.places);
    const shares = allocate(
      groupTax,
      members.map((i) => nets[i]!),
      rules.places,
    );
    members.forEach((lineIndex, k) => (taxes[lineIndex] = shares[k]!));
  }
  return taxes;
}

function distinctRates(rates: readonly Dec[]): Dec[] {
  const distinct: Dec[] = [];
  for (const rate of rates) if (!distinct.some((r) => r.equals(rate))) distinct.push(rate);
  return distinct.sort((a, b) => a.comparedTo(b));
}

function breakdown(nets: readonly Dec[], taxes: readonly Dec[], rates: readonly Dec[], rules: CartRules) {
  const rows: TaxBreakdown[] = [];
  for (const rate of distinctRates(rates)) {
    if (rate.isZero()) continue;
    const members = rates.flatMap((r, i) => (r.equals(rate) ? [i] : []));
    const net = sum(members.map((i) => nets[i]!));
    if (net.isZero()) continue;
    const tax = sum(members.map((i) => taxes[i]!));
    rows.push({ rate: text(rate), base: text(rules.taxMode === 'included' ? net.minus(tax) : net), tax: text(tax) });
  }
  return rows;
}

function tipOf(choice: TipChoice | undefined, saleTotal: Dec, places: number): Dec {
  if (!choice || choice.kind === 'none') return ZERO;
  if (choice.kind === 'amount') return money(new D(choice.value), places);
  return money(saleTotal.times(choice.value).dividedBy(HUNDRED), places);
}

/** Prices a cart under the shop's rules; pure, and exact to the minor unit (see the module comment). */
export function priceCart(cart: CartInput, rules: CartRules): PricedCart {
  const { places } = rules;
  const gross = cart.lines.map((l) => money(new D(l.unitPrice).times(l.quantity), places));
  const lineDiscounts = cart.lines.map((l, i) => discountOn(gross[i]!, l.discount, places));
  const afterLine = gross.map((g, i) => g.minus(lineDiscounts[i]!));
  const orderDiscount = discountOn(sum(afterLine), cart.orderDiscount, places);
  const shares = allocate(orderDiscount, afterLine, places);
  const nets = afterLine.map((a, i) => a.minus(shares[i]!));
  const rates = cart.lines.map((l) => new D(l.taxRate));
  const taxes = lineTaxes(nets, rates, rules);
  const added = rules.taxMode === 'added';
  const lines: PricedLine[] = cart.lines.map((l, i) => ({
    itemId: l.itemId ?? '',
    name: l.name,
    unitPrice: text(new D(l.unitPrice)),
    quantity: l.quantity,
    taxRate: text(rates[i]!),
    gross: text(gross[i]!),
    discount: text(lineDiscounts[i]!),
    orderDiscountShare: text(shares[i]!),
    net: text(nets[i]!),
    tax: text(taxes[i]!),
    total: text(added ? nets[i]!.plus(taxes[i]!) : nets[i]!),
  }));
  const subtotal = sum(gross);
  const discountTotal = sum(lineDiscounts).plus(orderDiscount);
  const taxTotal = sum(taxes);
  const saleTotal = subtotal.minus(discountTotal).plus(added ? taxTotal : ZERO);
  const tip = tipOf(cart.tip, saleTotal, places);
  return {
    lines,
    subtotal: text(subtotal),
    lineDiscounts: text(sum(lineDiscounts)),
    orderDiscount: text(orderDiscount),
    discountTotal: text(discountTotal),
    taxes: breakdown(nets, taxes, rates, rules),
    taxTotal: text(taxTotal),
    taxMode: rules.taxMode,
    rounding: rules.rounding,
    saleTotal: text(saleTotal),
    tip: text(tip),
    total: text(saleTotal.plus(tip)),
  };
}
