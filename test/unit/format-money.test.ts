/**
 * The one money formatter (shared/i18n/format.ts): a currency to its minor unit in the language's
 * number format, a crypto amount with the precision it carries, never through a JS number.
 */
import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyAmount, minorUnit, padPlaces } from '../../shared/i18n/format.js';

const NNBSP = '\u202f';

describe('formatMoney', () => {
  const cases: [string, string, string, string][] = [
    ['2', 'USD', 'en', '2.00 USD'],
    ['1234.5', 'USD', 'en', '1,234.50 USD'],
    ['1234.5', 'EUR', 'de', '1.234,50 EUR'],
    ['1234.5', 'EUR', 'fr', `1${NNBSP}234,50 EUR`],
    ['0.1', 'USD', 'ja', '0.10 USD'],
    ['1500', 'JPY', 'ja', '1,500 JPY'],
    ['1.5', 'KWD', 'en', '1.500 KWD'],
    ['12.5', 'USDT', 'en', '12.5 USDT'],
    ['0.00012', 'BTC', 'de', '0,00012 BTC'],
    ['1', 'BTC', 'en', '1 BTC'],
    ['-3', 'USD', 'en', '-3.00 USD'],
    // more digits than the minor unit are never cut (no silent rounding of what the gateway holds)
    ['1.005', 'USD', 'en', '1.005 USD'],
    ['123456789012345678.1', 'USD', 'en', '123,456,789,012,345,678.10 USD'],
  ];
  for (const [amount, symbol, locale, shown] of cases)
    it(`${amount} ${symbol} in ${locale} -> ${shown}`, () => {
      expect(formatMoney(amount, symbol, locale)).toBe(shown);
    });

  it('takes the shop currency places when the caller knows them', () => {
    expect(formatMoney('2', 'USD', 'en', 3)).toBe('2.000 USD');
    expect(formatMoneyAmount('7.1', 'EUR', 'es', 2)).toBe('7,10');
  });

  it('knows minor units from ISO 4217 and nothing for crypto', () => {
    expect(minorUnit('USD')).toBe(2);
    expect(minorUnit('JPY')).toBe(0);
    expect(minorUnit('USDT')).toBeUndefined();
    expect(minorUnit('BTC')).toBeUndefined();
    expect(padPlaces('abc', 2)).toBe('abc');
  });
});
