/**
 * An overpayment on the payment screen (charge 7.5 USD, the payer sends 9.25 USDT): "Payment received"
 * and "Payment successful" both said "paid 7.5 USDT", since the paid amount is capped at what was due;
 * the gateway's `surplusAmount` (docs/api.md, "Amounts and surplus") went unshown. Now both say what
 * arrived and how much more than due, in the till's language and number format (fresh-eye QA).
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../../shared/i18n/locales/de/till.json' with { type: 'json' };
import { addLoader, setLanguage } from '../../renderer/i18n/i18n.js';
import { PaymentOutcome } from '../../renderer/screens/payment/PaymentOutcome.js';
import { PaymentQr } from '../../renderer/screens/payment/PaymentQr.js';
import type { OrderStatus, OrderView } from '../../shared/posapi.js';

import { overpaidOrder } from '../helpers/overpaid-order.js';

addLoader('till', async (language) => (language === 'de' ? de : undefined));

const order = (status: OrderStatus, surplusAmount: string): OrderView => overpaidOrder(surplusAmount, status);

const more = '9.25 USDT received — 1.75 USDT more than due (see Money to resolve)';

describe('money sent beyond what was due, on the payment screen', () => {
  afterEach(() => act(() => setLanguage('en')));

  it('"Payment received" says what arrived and how much more than due', () => {
    render(<PaymentQr order={order('pending', '1.75')} locale="en-US" payee="Corner Café" />);
    expect(screen.getByText(more)).toBeTruthy();
    expect(screen.getByText(/the payer has paid 9\.25 USDT/)).toBeTruthy();
  });

  it('"Payment successful" says it under what was paid toward the sale', () => {
    render(<PaymentOutcome order={order('success', '1.75')} locale="en-US" />);
    expect(screen.getByText('Paid 7.5 USDT for 7.50 USD · order pd-7')).toBeTruthy();
    expect(screen.getByText(more)).toBeTruthy();
  });

  it('says nothing more when the payer sent exactly what was due', () => {
    render(<PaymentOutcome order={order('success', '0')} locale="en-US" />);
    expect(screen.queryByText(/more than due/)).toBeNull();
  });

  it('in the till’s language and number format', async () => {
    await act(() => setLanguage('de'));
    render(<PaymentOutcome order={order('success', '1.75')} locale="de-DE" />);
    expect(screen.getByText('9,25 USDT erhalten — 1,75 USDT mehr als fällig (siehe Zu klärendes Geld)')).toBeTruthy();
  });
});
