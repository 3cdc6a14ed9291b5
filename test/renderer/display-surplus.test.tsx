/**
 * An overpayment on the customer display's thank-you (charge 7.5 USD, the payer sends 9.25 USDT): it
 * said "Paid 7.5 USDT", the paid amount being capped at what was due, so the payer read their 1.75 USDT
 * extra as never received. Now it names all that was sent and the extra (docs/api.md, "Amounts
 * and surplus": paidAmount + surplusAmount is what the payer sent); an exact payment shows no such line.
 * The view comes through the display's own feed (a stand-in EventSource), as the till pushes it.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import de from '../../shared/i18n/locales/de/payer.json' with { type: 'json' };
import { CustomerDisplay } from '../../renderer/display/CustomerDisplay.js';
import { addLoader, setLanguage } from '../../renderer/i18n/i18n.js';
import type { DisplaySale, DisplayView } from '../../shared/posapi-display.js';

addLoader('payer', async (language) => (language === 'de' ? de : undefined));

/** The display's feed: the last EventSource the page opened, to push views through. */
class FeedSource {
  static last: FeedSource | undefined;
  onmessage: ((message: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FeedSource.last = this;
  }
  close(): void {}
}

function thankYou(surplusAmount: string): DisplayView {
  const sale: DisplaySale = {
    quoteAmount: '7.5',
    quoteSymbol: 'USD',
    status: 'success',
    instruction: {
      paymentUri: 'mixin://pay',
      amount: '7.5',
      symbol: 'USDT',
      network: 'Ethereum',
      isChain: false,
      destination: '',
      tag: '',
    },
    payableAmount: '7.5',
    paidAmount: '7.5',
    surplusAmount,
    remainingAmount: '0',
    confirmations: -1,
    requiredConfirmations: 0,
    failureCode: '0',
    payBy: 0,
    receiptUrl: '',
    saleKey: 'pd-7',
  };
  return { shop: 'Corner Café', sale, at: Date.now() };
}

function showing(view: DisplayView): void {
  render(<CustomerDisplay token="display-token" />);
  act(() => FeedSource.last?.onmessage?.({ data: JSON.stringify(view) }));
}

describe('the customer display thanks the payer for all they sent', () => {
  beforeEach(() => vi.stubGlobal('EventSource', FeedSource));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => setLanguage('en'));
  });

  it('with more than was due: all that was sent, and the extra', () => {
    showing(thankYou('1.75'));
    expect(screen.getByText('Thank you!')).toBeTruthy();
    expect(screen.getByText('Paid 9.25 USDT')).toBeTruthy();
    expect(screen.getByText('That is 1.75 USDT more than was due: please tell the cashier.')).toBeTruthy();
    expect(screen.queryByText('Paid 7.5 USDT')).toBeNull();
  });

  it('with exactly what was due: what was paid, and no line about more', () => {
    showing(thankYou('0'));
    expect(screen.getByText('Paid 7.5 USDT')).toBeTruthy();
    expect(screen.queryByText(/more than was due/)).toBeNull();
  });

  it('in the payer’s language and number format', async () => {
    await act(() => setLanguage('de'));
    showing(thankYou('1.75'));
    expect(screen.getByText('9,25 USDT bezahlt')).toBeTruthy();
    expect(screen.getByText('Das sind 1,75 USDT mehr als fällig: Bitte sagen Sie es an der Kasse.')).toBeTruthy();
  });
});
