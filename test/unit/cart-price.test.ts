/**
 * The cart arithmetic (shared/cart/price.ts, docs/cart-arithmetic.md) as a table of cases with exact
 * decimal results: tax included and added, line and order discounts, both rounding rules, tips,
 * half-up at an exact half, a currency without minor units.
 */
import { describe, expect, it } from 'vitest';
import { priceCart } from '../../shared/cart/price.js';
import type { CartInput, CartLineInput, CartRules, PricedCart } from '../../shared/cart/types.js';

const line = (
  unitPrice: string,
  quantity: number,
  taxRate: string,
  more: Partial<CartLineInput> = {},
): CartLineInput => ({
  name: 'item',
  unitPrice,
  quantity,
  taxRate,
  ...more,
});
const added: CartRules = { taxMode: 'added', rounding: 'line', places: 2 };
const included: CartRules = { taxMode: 'included', rounding: 'line', places: 2 };

interface Case {
  name: string;
  cart: CartInput;
  rules: CartRules;
  expect: Partial<Omit<PricedCart, 'lines'>>;
  lines?: Partial<PricedCart['lines'][number]>[];
}

const cases: Case[] = [
  {
    name: 'tax added, rounded per line',
    cart: { lines: [line('4.99', 2, '8.25')] },
    rules: added,
    expect: { subtotal: '9.98', taxTotal: '0.82', saleTotal: '10.8', tip: '0', total: '10.8' },
    lines: [{ gross: '9.98', net: '9.98', tax: '0.82', total: '10.8' }],
  },
  {
    name: 'tax included: the tax is inside the price',
    cart: { lines: [line('10.00', 1, '20')] },
    rules: included,
    expect: { taxTotal: '1.67', saleTotal: '10', total: '10', taxes: [{ rate: '20', base: '8.33', tax: '1.67' }] },
    lines: [{ gross: '10', tax: '1.67', total: '10' }],
  },
  {
    name: 'half-up at an exact half (0.125 -> 0.13)',
    cart: { lines: [line('2.50', 1, '5')] },
    rules: added,
    expect: { taxTotal: '0.13', total: '2.63' },
  },
  {
    name: 'per-line rounding: three taxes of 0.005 each round up to 0.01',
    cart: { lines: [line('0.10', 1, '5'), line('0.10', 1, '5'), line('0.10', 1, '5')] },
    rules: added,
    expect: { taxTotal: '0.03', total: '0.33', taxes: [{ rate: '5', base: '0.3', tax: '0.03' }] },
  },
  {
    name: 'per-order rounding: one tax of 0.015 on 0.30, split over the lines',
    cart: { lines: [line('0.10', 1, '5'), line('0.10', 1, '5'), line('0.10', 1, '5')] },
    rules: { ...added, rounding: 'order' },
    expect: { taxTotal: '0.02', total: '0.32', taxes: [{ rate: '5', base: '0.3', tax: '0.02' }] },
    lines: [
      { tax: '0.01', total: '0.11' },
      { tax: '0.01', total: '0.11' },
      { tax: '0', total: '0.1' },
    ],
  },
  {
    name: 'line discount in percent, rounded half-up (0.4455 -> 0.45)',
    cart: { lines: [line('0.99', 3, '0', { discount: { kind: 'percent', value: '15' } })] },
    rules: added,
    expect: { subtotal: '2.97', lineDiscounts: '0.45', discountTotal: '0.45', total: '2.52' },
    lines: [{ gross: '2.97', discount: '0.45', net: '2.52' }],
  },
  {
    name: 'a line discount never exceeds the line',
    cart: { lines: [line('5', 1, '10', { discount: { kind: 'amount', value: '7' } }), line('1', 1, '0')] },
    rules: added,
    expect: { lineDiscounts: '5', taxTotal: '0', total: '1', taxes: [] },
    lines: [{ discount: '5', net: '0', tax: '0', total: '0' }, { net: '1' }],
  },
  {
    name: 'order discount in amount, shared in proportion',
    cart: { lines: [line('3.00', 1, '0'), line('1.00', 1, '0')], orderDiscount: { kind: 'amount', value: '1' } },
    rules: added,
    expect: { orderDiscount: '1', discountTotal: '1', total: '3' },
    lines: [
      { orderDiscountShare: '0.75', net: '2.25' },
      { orderDiscountShare: '0.25', net: '0.75' },
    ],
  },
  {
    name: 'order discount the lines cannot share evenly: the extra cent goes to the first largest remainder',
    cart: {
      lines: [line('1', 1, '0'), line('1', 1, '0'), line('1', 1, '0')],
      orderDiscount: { kind: 'amount', value: '1' },
    },
    rules: added,
    expect: { orderDiscount: '1', total: '2' },
    lines: [{ orderDiscountShare: '0.34' }, { orderDiscountShare: '0.33' }, { orderDiscountShare: '0.33' }],
  },
  {
    name: 'order discount in percent before tax added',
    cart: { lines: [line('19.99', 1, '10')], orderDiscount: { kind: 'percent', value: '10' } },
    rules: added,
    expect: { orderDiscount: '2', taxTotal: '1.8', saleTotal: '19.79', total: '19.79' },
  },
  {
    name: 'an order discount larger than the order takes it to zero',
    cart: { lines: [line('4', 1, '10')], orderDiscount: { kind: 'amount', value: '9' } },
    rules: added,
    expect: { orderDiscount: '4', taxTotal: '0', total: '0' },
  },
  {
    name: 'mixed rates, tax included, 10% off the order, rounded per order',
    cart: {
      lines: [line('2.50', 2, '7'), line('3.99', 1, '19'), line('1.00', 1, '0')],
      orderDiscount: { kind: 'percent', value: '10' },
    },
    rules: { ...included, rounding: 'order' },
    expect: {
      subtotal: '9.99',
      orderDiscount: '1',
      taxTotal: '0.86',
      saleTotal: '8.99',
      total: '8.99',
      taxes: [
        { rate: '7', base: '4.21', tax: '0.29' },
        { rate: '19', base: '3.02', tax: '0.57' },
      ],
    },
    lines: [
      { orderDiscountShare: '0.5', net: '4.5' },
      { orderDiscountShare: '0.4', net: '3.59' },
      { orderDiscountShare: '0.1', net: '0.9' },
    ],
  },
  {
    name: 'a percentage tip is of the sale total and is paid on top',
    cart: { lines: [line('4.99', 2, '8.25')], tip: { kind: 'percent', value: '15' } },
    rules: added,
    expect: { saleTotal: '10.8', tip: '1.62', total: '12.42' },
  },
  {
    name: 'a custom tip is rounded to the minor unit',
    cart: { lines: [line('10', 1, '0')], tip: { kind: 'amount', value: '2.005' } },
    rules: added,
    expect: { tip: '2.01', total: '12.01' },
  },
  {
    name: 'no tip',
    cart: { lines: [line('10', 1, '0')], tip: { kind: 'none' } },
    rules: included,
    expect: { tip: '0', total: '10' },
  },
  {
    name: 'a currency without minor units (JPY), tax included',
    cart: { lines: [line('1001', 1, '8'), line('1000', 1, '10')], tip: { kind: 'percent', value: '10' } },
    rules: { taxMode: 'included', rounding: 'line', places: 0 },
    expect: {
      taxTotal: '165',
      saleTotal: '2001',
      tip: '200',
      total: '2201',
      taxes: [
        { rate: '8', base: '927', tax: '74' },
        { rate: '10', base: '909', tax: '91' },
      ],
    },
  },
];

describe('cart arithmetic', () => {
  it.each(cases)('$name', (c) => {
    const priced = priceCart(c.cart, c.rules);
    expect(priced).toMatchObject(c.expect);
    if (c.lines) expect(priced.lines).toMatchObject(c.lines);
  });

  it('keeps what a line was sold as (name, item, unit price, quantity, rate)', () => {
    const priced = priceCart({ lines: [line('1.50', 2, '7', { itemId: 'it-1', name: 'Espresso' })] }, included);
    expect(priced.lines[0]).toMatchObject({
      itemId: 'it-1',
      name: 'Espresso',
      unitPrice: '1.5',
      quantity: 2,
      taxRate: '7',
    });
    expect(priced).toMatchObject({ taxMode: 'included', rounding: 'line' });
  });
});
