/**
 * Money is a decimal string everywhere; this is the one place that does arithmetic on it.
 * Canonical form: plain notation, no exponent, no leading '+', no trailing fractional zeros
 * ("12.5", "0", "0.00000001"). A JS number never holds an amount.
 */
import { Decimal as DecimalJs } from 'decimal.js';

// A private clone so no other code can change the global precision or rounding.
const D = DecimalJs.clone({ precision: 80, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -100, toExpPos: 100 });
type Dec = InstanceType<typeof D>;

export type Amount = string;

const DECIMAL_TEXT = /^[+]?(\d+(\.\d*)?|\.\d+)$/;

/** True when `text` is a plain non-negative decimal (no exponent, no sign other than '+'). */
export function isDecimalText(text: string): boolean {
  return DECIMAL_TEXT.test(text.trim());
}

// Parsed values by their text. The same few strings (prices, limits, the usual amounts) are parsed
// over and over on the create path, and a Decimal is immutable, so sharing one is safe.
const parsed = new Map<string, Dec>();
const PARSED_LIMIT = 4096;
const PARSED_KEY_MAX = 48; // bounded memory whatever text comes in

function dec(amount: Amount): Dec {
  const known = parsed.get(amount);
  if (known) return known;
  if (!isDecimalText(amount)) throw new RangeError(`not a decimal amount: ${JSON.stringify(amount)}`);
  const value = new D(amount.trim());
  if (amount.length <= PARSED_KEY_MAX) {
    if (parsed.size >= PARSED_LIMIT) parsed.clear();
    parsed.set(amount, value);
  }
  return value;
}

function canonical(value: Dec): Amount {
  if (value.isZero()) return '0';
  return value.toFixed();
}

/**
 * A JSON number as plain decimal text ("0.0000001", never "1e-7"): what arrives as a number on the
 * wire is turned into text at once, so no amount lives in a JS number beyond that point.
 */
export function plainNumberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  return new D(value).toFixed();
}

/** Parses user or wire text into canonical form; throws RangeError when it is not a plain decimal. */
export function parseAmount(text: string): Amount {
  return canonical(dec(text));
}

/** Number of fractional digits in canonical form. */
export function decimalPlaces(amount: Amount): number {
  return dec(amount).decimalPlaces();
}

export function compare(a: Amount, b: Amount): -1 | 0 | 1 {
  const c = dec(a).comparedTo(dec(b));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

export const isZero = (a: Amount): boolean => dec(a).isZero();
export const isPositive = (a: Amount): boolean => dec(a).gt(0);
export const gte = (a: Amount, b: Amount): boolean => compare(a, b) >= 0;
export const lt = (a: Amount, b: Amount): boolean => compare(a, b) < 0;

export function add(...amounts: Amount[]): Amount {
  return canonical(amounts.reduce<Dec>((sum, a) => sum.plus(dec(a)), new D(0)));
}

/** a - b; may be negative (callers decide what a negative difference means). */
export function subtract(a: Amount, b: Amount): Amount {
  const diff = dec(a).minus(dec(b));
  return diff.isZero() ? '0' : diff.toFixed();
}

const SIGNED_TEXT = /^-?(\d+(\.\d*)?|\.\d+)$/;

/**
 * a - b where either may itself be a signed difference ("-10"): a drawer's expected cash can go below
 * zero (more taken out than was in it), and its count is then compared with that.
 */
export function subtractSigned(a: Amount, b: Amount): Amount {
  for (const text of [a, b])
    if (!SIGNED_TEXT.test(text.trim())) throw new RangeError(`not a decimal amount: ${JSON.stringify(text)}`);
  const diff = new D(a.trim()).minus(new D(b.trim()));
  return diff.isZero() ? '0' : diff.toFixed();
}

/** max(a - b, 0): what remains due. */
export function remaining(due: Amount, paid: Amount): Amount {
  const diff = dec(due).minus(dec(paid));
  return diff.lte(0) ? '0' : canonical(diff);
}

export function min(a: Amount, b: Amount): Amount {
  return compare(a, b) <= 0 ? parseAmount(a) : parseAmount(b);
}

export function max(a: Amount, b: Amount): Amount {
  return compare(a, b) >= 0 ? parseAmount(a) : parseAmount(b);
}

/** amount * factor, exact (no rounding). */
export function multiply(amount: Amount, factor: Amount): Amount {
  return canonical(dec(amount).times(dec(factor)));
}

/**
 * Converts `amount` of asset A into asset B given both prices in one common unit
 * (e.g. USD per unit): amount * priceA / priceB, unrounded (80 significant digits).
 */
export function convert(amount: Amount, priceFrom: Amount, priceTo: Amount): Amount {
  return canonical(quotient(amount, priceFrom, priceTo));
}

/**
 * roundDown(convert(amount, priceFrom, priceTo), places), computed without the unrounded quotient's
 * text in between: that text has up to 80 digits, too long to be remembered by `dec`, so writing
 * and parsing it again cost more than the arithmetic (a create prices this way two or three times).
 * The value is the same: the quotient is rounded to 80 significant digits either way.
 */
export function convertDown(amount: Amount, priceFrom: Amount, priceTo: Amount, places: number): Amount {
  return canonical(quotient(amount, priceFrom, priceTo).toDecimalPlaces(places, D.ROUND_DOWN));
}

/** roundUp(convert(amount, priceFrom, priceTo), places), as `convertDown` computes it. */
export function convertUp(amount: Amount, priceFrom: Amount, priceTo: Amount, places: number): Amount {
  return canonical(quotient(amount, priceFrom, priceTo).toDecimalPlaces(places, D.ROUND_UP));
}

/**
 * roundUp(multiply(convert(amount, priceFrom, priceTo), factor), places): what a payer pays for a
 * quote with the spread `factor`, rounded up, with the same intermediate values as those three calls.
 */
export function convertScaledUp(
  amount: Amount,
  priceFrom: Amount,
  priceTo: Amount,
  factor: Amount,
  places: number,
): Amount {
  return canonical(quotient(amount, priceFrom, priceTo).times(dec(factor)).toDecimalPlaces(places, D.ROUND_UP));
}

function quotient(amount: Amount, priceFrom: Amount, priceTo: Amount): Dec {
  const to = dec(priceTo);
  if (to.isZero()) throw new RangeError('cannot convert to an asset priced at zero');
  return dec(amount).times(dec(priceFrom)).dividedBy(to);
}

/** Rounds up (away from zero) to `places` fractional digits: payer amounts always round up. */
export function roundUp(amount: Amount, places: number): Amount {
  return canonical(dec(amount).toDecimalPlaces(places, D.ROUND_UP));
}

/** Rounds down to `places` fractional digits: what the payee is promised never exceeds what exists. */
export function roundDown(amount: Amount, places: number): Amount {
  return canonical(dec(amount).toDecimalPlaces(places, D.ROUND_DOWN));
}

/** Formats to exactly `places` fractional digits (for display and fixed-width exports). */
export function toFixedPlaces(amount: Amount, places: number): string {
  return dec(amount).toFixed(places, D.ROUND_HALF_UP);
}

/** Integer base units (wei, satoshi) of `amount` for an asset with `decimals`; throws if not exact. */
export function toBaseUnits(amount: Amount, decimals: number): string {
  const units = dec(amount).times(new D(10).pow(decimals));
  if (!units.isInteger()) throw new RangeError(`${amount} has more than ${decimals} decimals`);
  return units.toFixed(0);
}

/** Inverse of toBaseUnits. */
export function fromBaseUnits(units: string, decimals: number): Amount {
  if (!/^\d+$/.test(units)) throw new RangeError(`not integer base units: ${units}`);
  return canonical(new D(units).dividedBy(new D(10).pow(decimals)));
}
