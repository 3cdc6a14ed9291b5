import { describe, expect, it } from 'vitest';
import {
  add,
  compare,
  convert,
  fromBaseUnits,
  isDecimalText,
  parseAmount,
  remaining,
  roundDown,
  roundUp,
  subtract,
  toBaseUnits,
} from '../../shared/money.js';

describe('money', () => {
  it('parses to canonical decimal strings', () => {
    expect(parseAmount('12.50')).toBe('12.5');
    expect(parseAmount('000.000')).toBe('0');
    expect(parseAmount('.5')).toBe('0.5');
    expect(parseAmount('100000')).toBe('100000');
    expect(parseAmount('0.00000001')).toBe('0.00000001');
    for (const bad of ['', '1e5', '-1', 'abc', '1.2.3', 'NaN', 'Infinity', ' '])
      expect(() => parseAmount(bad), bad).toThrow(RangeError);
    expect(isDecimalText('1.')).toBe(true);
    expect(isDecimalText('1e3')).toBe(false);
  });

  it('adds without binary floating point error', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(add('999999999999999999.99999999', '0.00000001')).toBe('1000000000000000000');
    expect(subtract('1', '1.5')).toBe('-0.5');
    expect(remaining('1', '1.5')).toBe('0');
    expect(remaining('1', '0.25')).toBe('0.75');
    expect(compare('1.10', '1.1')).toBe(0);
    expect(compare('2', '10')).toBe(-1);
  });

  it('converts at a rate and rounds payer amounts up, payee amounts down', () => {
    // 12.50 USD at BTC = 64000.12 USD
    const btc = convert('12.5', '1', '64000.12');
    expect(btc.startsWith('0.00019531213')).toBe(true);
    expect(roundUp(btc, 8)).toBe('0.00019532');
    expect(roundDown(btc, 8)).toBe('0.00019531');
    expect(roundUp('1.000000001', 8)).toBe('1.00000001');
    expect(roundUp('1.00000000', 8)).toBe('1');
    expect(() => convert('1', '1', '0')).toThrow(RangeError);
  });

  it('moves between decimal amounts and integer base units exactly', () => {
    expect(toBaseUnits('12.5', 6)).toBe('12500000');
    expect(toBaseUnits('0.000000000000000001', 18)).toBe('1');
    expect(fromBaseUnits('1234500', 6)).toBe('1.2345');
    expect(() => toBaseUnits('0.0000001', 6)).toThrow(RangeError);
  });
});
