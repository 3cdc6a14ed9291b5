/**
 * Reading request parameters the way existing clients send them: every value arrives as text
 * (form, JSON, query), blank means absent, booleans are lenient. Each reader throws a 10011
 * parameter error naming the parameter, so a rejection never gets as far as storing anything.
 * Amounts are strict (docs/api.md, "Input rules"): a decimal number or a string holding
 * one; another JSON type or a blank string is refused, never read as "not given".
 */
import { compare, decimalPlaces, isDecimalText, isPositive, parseAmount } from '../../shared/money.js';
import { paramError } from './errors.js';
import { paramKind, type ParamKind, type Params } from './http.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TRUE = new Set(['true', '1', 'yes']);
const FALSE = new Set(['false', '0', 'no']);

/** Amounts: at most 18 digits before the point (beyond any asset's limits) and 18 after (wei). */
export const AMOUNT_INTEGER_DIGITS = 18;
export const AMOUNT_DECIMAL_PLACES = 18;
/** Prices (USD per unit): between these, with at most 30 significant digits. */
export const PRICE_MIN = '0.000000000001';
export const PRICE_MAX = '1000000000000';
export const PRICE_SIGNIFICANT_DIGITS = 30;
/** Longer text cannot be an amount or a price within the bounds above; refused before parsing. */
const NUMBER_TEXT_MAX = 64;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

/** C0, DEL and C1 controls, bidirectional embeddings/overrides/isolates, and lone surrogates. */
function forbidden(codePoint: number): boolean {
  return (
    codePoint <= 0x1f ||
    (codePoint >= 0x7f && codePoint <= 0x9f) ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2066 && codePoint <= 0x2069) ||
    (codePoint >= 0xd800 && codePoint <= 0xdfff)
  );
}

/**
 * Why `value` is not acceptable text (docs/api.md, "Input rules": valid UTF-8, no control characters, no
 * bidirectional overrides), or undefined. Such characters would reach the payer's screen, the
 * merchant's reports and CSV exports, where they hide or reorder what is shown.
 */
export function textProblem(value: string): string | undefined {
  for (const char of value) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (!forbidden(codePoint)) continue;
    const hex = `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
    if (codePoint >= 0xd800 && codePoint <= 0xdfff)
      return `must be valid Unicode text (a lone surrogate ${hex} is not)`;
    if (codePoint >= 0x202a) return `must not contain bidirectional overrides or isolates (${hex})`;
    return `must not contain control characters (${hex})`;
  }
  return undefined;
}

const KIND_NAMES: Record<ParamKind, string> = {
  number: 'a number',
  boolean: 'a boolean',
  null: 'null',
  object: 'an object',
  array: 'an array',
};

export class ParamReader {
  constructor(private readonly params: Params) {}

  /** The raw text, or undefined when absent or blank. */
  raw(name: string): string | undefined {
    const value = this.params[name];
    if (value === undefined) return undefined;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }

  has(name: string): boolean {
    return this.raw(name) !== undefined;
  }

  required(name: string): string {
    const value = this.raw(name);
    if (value === undefined) throw paramError(name, 'is required');
    return value;
  }

  /** Free text: at most `maxLength` characters (code points), none of them controls or bidi overrides. */
  text(name: string, maxLength: number): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if ([...value].length > maxLength) throw paramError(name, `must be at most ${maxLength} characters`);
    const problem = textProblem(value);
    if (problem) throw paramError(name, problem);
    return value;
  }

  uuid(name: string): string | undefined {
    const value = this.raw(name);
    if (value !== undefined && !isUuid(value)) throw paramError(name, 'must be a UUID');
    return value?.toLowerCase();
  }

  bool(name: string): boolean | undefined {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined) return undefined;
    if (TRUE.has(value)) return true;
    if (FALSE.has(value)) return false;
    throw paramError(name, 'must be true or false');
  }

  /**
   * The decimal text of a number parameter: undefined only when missing or the empty string. Another
   * JSON type, a blank string, a repeated query key or more than NUMBER_TEXT_MAX characters is refused.
   */
  private numberText(name: string, what: string): string | undefined {
    const kind = paramKind(this.params, name);
    if (kind !== undefined && kind !== 'number')
      throw paramError(name, `must be ${what} or a string holding one, not ${KIND_NAMES[kind]}`);
    const value = this.params[name];
    if (value === undefined || value === '') return undefined;
    const text = value.trim();
    if (text === '') throw paramError(name, `must be ${what} (it is blank)`);
    if (text.length > NUMBER_TEXT_MAX || !isDecimalText(text)) throw paramError(name, `must be ${what}`);
    return text;
  }

  /**
   * A positive decimal amount in canonical form: at most 18 integer digits and `places` (default 18)
   * fractional digits.
   */
  amount(name: string, places = AMOUNT_DECIMAL_PLACES): string | undefined {
    const text = this.numberText(name, 'a positive decimal number');
    if (text === undefined) return undefined;
    const amount = parseAmount(text);
    if (!isPositive(amount)) throw paramError(name, 'must be greater than zero');
    if ((amount.split('.')[0] ?? '').length > AMOUNT_INTEGER_DIGITS)
      throw paramError(name, `must have at most ${AMOUNT_INTEGER_DIGITS} digits before the decimal point`);
    if (decimalPlaces(amount) > places) throw paramError(name, `must have at most ${places} decimal places`);
    return amount;
  }

  /** A price in USD per unit, from 1e-12 to 1e12 with at most 30 significant digits. */
  price(name: string): string | undefined {
    const text = this.numberText(name, 'a positive decimal number');
    if (text === undefined) return undefined;
    const price = parseAmount(text);
    if (compare(price, PRICE_MIN) < 0 || compare(price, PRICE_MAX) > 0)
      throw paramError(name, `must be from ${PRICE_MIN} to ${PRICE_MAX}`);
    const significant = price.replace('.', '').replace(/^0+/, '').length;
    if (significant > PRICE_SIGNIFICANT_DIGITS)
      throw paramError(name, `must have at most ${PRICE_SIGNIFICANT_DIGITS} significant digits`);
    return price;
  }

  /** A whole number; an object or array is refused rather than read as "not given". */
  integer(name: string): number | undefined {
    const kind = paramKind(this.params, name);
    if (kind === 'object' || kind === 'array')
      throw paramError(name, `must be a whole number, not ${KIND_NAMES[kind]}`);
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (!/^-?\d{1,15}$/.test(value)) throw paramError(name, 'must be a whole number');
    return Number(value);
  }
}
