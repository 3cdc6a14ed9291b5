/**
 * Property test of the cart arithmetic: for any cart (items or custom amounts, quantities, line and
 * order discounts in amount or percent, several tax rates, either tax mode and rounding rule, any
 * tip) the lines, discounts, taxes and tip add up to the total, to the minor unit, and nothing is negative.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCart } from '../../shared/cart/price.js';
import { CartInputSchema, type CartInput, type CartRules, type Discount } from '../../shared/cart/types.js';
import { add, compare, decimalPlaces, subtract } from '../../shared/money.js';

const cents = (max: number) => fc.integer({ min: 0, max }).map((n) => (n / 100).toFixed(2));
const percent = fc.oneof(
  fc.integer({ min: 0, max: 100 }).map(String),
  fc.integer({ min: 0, max: 10000 }).map((n) => (n / 100).toFixed(2)),
);
const discount: fc.Arbitrary<Discount | undefined> = fc.oneof(
  fc.constant(undefined),
  cents(5000).map((value) => ({ kind: 'amount' as const, value })),
  percent.map((value) => ({ kind: 'percent' as const, value })),
);
const taxRate = fc.constantFrom('0', '5', '7', '8.25', '10', '19', '20', '21');
const lineArb = fc.record({
  itemId: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: undefined }),
  name: fc.constantFrom('Coffee', 'Custom amount'),
  unitPrice: cents(100_000),
  quantity: fc.integer({ min: 1, max: 50 }),
  taxRate,
  discount,
});
const cartArb: fc.Arbitrary<CartInput> = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 12 }),
  orderDiscount: discount,
  tip: fc.oneof(
    fc.constant(undefined),
    fc.constant({ kind: 'none' as const }),
    percent.map((value) => ({ kind: 'percent' as const, value })),
    cents(10_000).map((value) => ({ kind: 'amount' as const, value })),
  ),
});
const rulesArb: fc.Arbitrary<CartRules> = fc.record({
  taxMode: fc.constantFrom('included' as const, 'added' as const),
  rounding: fc.constantFrom('line' as const, 'order' as const),
  places: fc.constant(2),
});

const sum = (values: string[]) => add('0', ...values);

describe('cart arithmetic (property)', () => {
  it('lines, discounts, taxes and tip always add up to the total, to the minor unit', () => {
    fc.assert(
      fc.property(cartArb, rulesArb, (raw, rules) => {
        const cart = CartInputSchema.parse(JSON.parse(JSON.stringify(raw)));
        const p = priceCart(cart, rules);
        const taxAdded = rules.taxMode === 'added' ? p.taxTotal : '0';
        expect(sum(p.lines.map((l) => l.gross))).toBe(p.subtotal);
        expect(add(p.lineDiscounts, p.orderDiscount)).toBe(p.discountTotal);
        expect(sum(p.lines.map((l) => l.discount))).toBe(p.lineDiscounts);
        expect(sum(p.lines.map((l) => l.orderDiscountShare))).toBe(p.orderDiscount);
        expect(sum(p.lines.map((l) => l.net))).toBe(subtract(p.subtotal, p.discountTotal));
        expect(sum(p.lines.map((l) => l.tax))).toBe(p.taxTotal);
        expect(sum(p.taxes.map((t) => t.tax))).toBe(p.taxTotal);
        expect(sum(p.lines.map((l) => l.total))).toBe(p.saleTotal);
        expect(add(p.subtotal, taxAdded, p.tip)).toBe(add(p.total, p.discountTotal));
        expect(add(p.saleTotal, p.tip)).toBe(p.total);
        const base = sum(p.taxes.map((t) => t.base));
        const taxedNet = sum(p.lines.filter((l) => l.taxRate !== '0').map((l) => l.net));
        expect(rules.taxMode === 'included' ? add(base, sum(p.taxes.map((t) => t.tax))) : base).toBe(taxedNet);
        const figures = [p.subtotal, p.discountTotal, p.taxTotal, p.saleTotal, p.tip, p.total];
        for (const l of p.lines) figures.push(l.gross, l.discount, l.orderDiscountShare, l.net, l.tax, l.total);
        for (const f of figures) {
          expect(compare(f, '0')).toBeGreaterThanOrEqual(0);
          expect(decimalPlaces(f)).toBeLessThanOrEqual(rules.places);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('the two rounding rules differ in tax by at most a minor unit per line', () => {
    fc.assert(
      fc.property(cartArb, (raw) => {
        const cart = CartInputSchema.parse(JSON.parse(JSON.stringify(raw)));
        const rules: CartRules = { taxMode: 'added', rounding: 'line', places: 2 };
        const perLine = priceCart(cart, rules);
        const perOrder = priceCart(cart, { ...rules, rounding: 'order' });
        const gap = subtract(perLine.taxTotal, perOrder.taxTotal).replace('-', '');
        expect(compare(gap, (cart.lines.length * 0.01).toFixed(2))).toBeLessThanOrEqual(0);
        expect(perLine.subtotal).toBe(perOrder.subtotal);
        expect(perLine.discountTotal).toBe(perOrder.discountTotal);
      }),
      { numRuns: 200 },
    );
  });
});
