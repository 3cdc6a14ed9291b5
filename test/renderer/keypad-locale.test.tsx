/**
 * The amount keypad in a comma locale (de, fr: 1.234,50): the decimal key shows the locale's sign and the
 * amount reads it, by tap and by the keyboard's "," or "."; the amount itself stays a decimal string with ".".
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AmountEntry } from '../../renderer/screens/charge/AmountEntry.js';
import { useCashier } from '../../renderer/state/cashier.js';
import type { QuoteAssetView } from '../../shared/posapi.js';

const usd = { assetId: 'usd', symbol: 'USD', decimalDigit: 2 } as QuoteAssetView;

let seen = '';
function Entry({ locale }: { locale: string }) {
  const amount = useCashier((s) => s.amount);
  const press = useCashier((s) => s.press);
  seen = amount;
  return (
    <AmountEntry
      amount={amount}
      problem=""
      quote="usd"
      quotes={[usd]}
      locale={locale}
      onQuote={() => {}}
      onKey={press}
    />
  );
}

const shown = () => document.querySelector('.amount-display')?.textContent ?? '';
const keypad = () => screen.getByRole('group');
const keyLabels = () => [...keypad().querySelectorAll('button')].map((b) => b.textContent);

describe('keypad decimal key follows the locale', () => {
  beforeEach(() => useCashier.setState({ amount: '', amountFull: false }));

  for (const [locale, sign] of [
    ['de-DE', ','],
    ['fr-FR', ','],
    ['en-US', '.'],
  ] as const) {
    it(`${locale}: the key shows "${sign}", a tap types the decimals, the amount stays "1234.5"`, () => {
      render(<Entry locale={locale} />);
      expect(keyLabels()).toContain(sign);
      if (sign === ',') expect(keyLabels()).not.toContain('.');
      for (const key of ['1', '2', '3', '4', sign]) fireEvent.click(screen.getByRole('button', { name: key }));
      expect(seen).toBe('1234.');
      // While typing the decimals, the sign shown is the locale's.
      expect(shown().startsWith(locale === 'en-US' ? '1,234.' : locale === 'de-DE' ? '1.234,' : '1\u202f234,')).toBe(
        true,
      );
      fireEvent.click(screen.getByRole('button', { name: '5' }));
      expect(seen).toBe('1234.5');
      expect(shown()).toContain(locale === 'en-US' ? '1,234.5' : locale === 'de-DE' ? '1.234,5' : '1\u202f234,5');
    });
  }
});
