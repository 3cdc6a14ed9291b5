/**
 * Reading request parameters the way existing clients send them: every value arrives as text
 * (form, JSON, query), blank means absent, booleans are lenient. Each reader throws a 10011
 * parameter error naming the parameter, so a rejection never gets as far as storing anything.
 */
import { isDecimalText, parseAmount, decimalPlaces, isPositive } from '../../shared/money.js';
import { paramError } from './errors.js';
import type { Params } from './http.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TRUE = new Set(['true', '1', 'yes']);
const FALSE = new Set(['false', '0', 'no']);

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

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

  text(name: string, maxLength: number): string | undefined {
    const value = this.raw(name);
    if (value !== undefined && [...value].length > maxLength) throw paramError(name, `must be at most ${maxLength} characters`);
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

  /** A positive decimal amount in canonical form, with at most `places` fractional digits when given. */
  amount(name: string, places?: number): string | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (!isDecimalText(value)) throw paramError(name, 'must be a positive decimal number');
    const amount = parseAmount(value);
    if (!isPositive(amount)) throw paramError(name, 'must be greater than zero');
    if (places !== undefined && decimalPlaces(amount) > places) throw paramError(name, `must have at most ${places} decimal places`);
    return amount;
  }

  integer(name: string): number | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    if (!/^-?\d{1,15}$/.test(value)) throw paramError(name, 'must be a whole number');
    return Number(value);
  }
}
