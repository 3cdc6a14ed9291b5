/**
 * The i18next setup behind t()/pt()/prt() (README "Languages"): today's `{name}` messages unchanged,
 * a language loaded when chosen, English for a key a catalogue lacks, `<html lang>` set, and the
 * components showing the new language at once.
 */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '../../renderer/app/text.js';
import { addLoader, currentLanguage, setLanguage, useLanguage } from '../../renderer/i18n/i18n.js';
import { pt } from '../../renderer/payer/text.js';
import { prt } from '../../renderer/printing/text.js';

// Test catalogues (not the real ones): a couple of keys each, so a missing key falls back to English.
addLoader('payer', async (language) =>
  language === 'es' ? { payTo: 'Pague {amount} {symbol} en {network} a {shop}', total: 'Total a pagar' } : undefined,
);
addLoader('till', async (language) => (language === 'es' ? { navCharge: 'Cobrar' } : undefined));
addLoader('printer', async () => undefined);

function Shown() {
  useLanguage();
  return (
    <p>
      {pt('total')} · {t('navCharge')}
    </p>
  );
}

describe('i18next behind the text functions', () => {
  it('fills `{name}` as before, keeps a placeholder without a value, and never escapes or re-reads values', () => {
    const words = { amount: '12.5', symbol: 'USDT', network: 'Ethereum (ERC-20)', shop: 'Corner Café' };
    expect(pt('payTo', words)).toBe('Pay 12.5 USDT on Ethereum (ERC-20) to Corner Café');
    expect(pt('payTo', { amount: '1' })).toBe('Pay 1 {symbol} on {network} to {shop}');
    expect(pt('checkoutTitle', { shop: 'A & B <{amount}>' })).toBe('Pay A & B <{amount}>');
    expect(t('payeeFound', { name: 'Ana' })).toBe('Found: Ana');
    expect(t('openOrders', { n: 3 })).toBe('3 in progress');
    expect(prt('printerTitle')).toBe('Receipt printer');
  });

  it('switches to a chosen language, English for keys it lacks, and sets <html lang>', async () => {
    render(<Shown />);
    expect(screen.getByText('Total · Charge')).toBeTruthy();
    await act(() => setLanguage('es'));
    expect(currentLanguage()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(screen.getByText('Total a pagar · Cobrar')).toBeTruthy();
    expect(pt('payTo', { amount: '12,5', symbol: 'USDT', network: 'Tron', shop: 'Café' })).toBe(
      'Pague 12,5 USDT en Tron a Café',
    );
    expect(pt('thankYou')).toBe('Thank you!'); // not in the test catalogue: English
    expect(prt('printed')).toBe('Receipt sent to the printer.');
    await act(() => setLanguage('en'));
    expect(screen.getByText('Total · Charge')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });
});
