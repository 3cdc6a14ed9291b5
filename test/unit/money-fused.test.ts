/**
 * The fused conversions (convertDown, convertUp, convertScaledUp) price every create; they must give
 * exactly what the three separate steps give, whatever the amounts and prices (shared/money.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert, convertDown, convertScaledUp, convertUp, multiply, roundDown, roundUp } from '../../shared/money.js';

/** Decimal text with up to 12 integer and 18 fractional digits, never zero (prices divide). */
const decimalText = fc
  .tuple(fc.bigInt({ min: 0n, max: 999_999_999_999n }), fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), fc.nat(18))
  .map(([whole, frac, places]) => {
    const digits = frac.toString().padStart(18, '0').slice(0, places);
    return places === 0 ? whole.toString() : `${whole}.${digits}`;
  })
  .filter((text) => /[1-9]/.test(text));
const places = fc.nat(18);

describe('fused conversions', () => {
  it('convertDown and convertUp equal rounding the converted text', () => {
    fc.assert(
      fc.property(decimalText, decimalText, decimalText, places, (amount, from, to, p) => {
        expect(convertDown(amount, from, to, p)).toBe(roundDown(convert(amount, from, to), p));
        expect(convertUp(amount, from, to, p)).toBe(roundUp(convert(amount, from, to), p));
      }),
      { numRuns: 400 },
    );
  });

  it('convertScaledUp equals converting, multiplying by the spread and rounding up', () => {
    fc.assert(
      fc.property(decimalText, decimalText, decimalText, decimalText, places, (amount, from, to, factor, p) => {
        expect(convertScaledUp(amount, from, to, factor, p)).toBe(
          roundUp(multiply(convert(amount, from, to), factor), p),
        );
      }),
      { numRuns: 400 },
    );
  });

  it('gives the known figures of a quote: 12.50 USD in ETH at 3456.78 with a 0.5 % spread', () => {
    expect(convertScaledUp('12.5', '1', '3456.78', '1.005', 8)).toBe('0.00363417');
    expect(convertDown('12.5', '1', '3456.78', 8)).toBe('0.00361608');
    expect(convertDown('1', '3456.78', '1', 8)).toBe('3456.78');
    expect(convertUp('10', '1', '3', 2)).toBe('3.34');
    expect(() => convertDown('1', '1', '0', 2)).toThrow(RangeError);
  });
});
