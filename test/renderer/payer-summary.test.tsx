/**
 * The payer page's summary: the amount to the currency's minor unit, and the deadline only when there
 * is one (without one the page says nothing about it, instead of a "No deadline" that reads like an error).
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Summary } from '../../renderer/payer/Checkout.js';
import type { PaymentResult } from '../../shared/wire.js';

const result = (expiredAt: number) => ({ quoteAmount: '1234.5', quoteSymbol: 'USD', expiredAt }) as PaymentResult;

describe('the payer summary', () => {
  it('without a deadline: the amount, and nothing about a deadline', () => {
    render(<Summary r={result(0)} locale="en" />);
    expect(screen.getByText('1,234.50 USD')).toBeTruthy();
    expect(screen.queryByText('Pay by')).toBeNull();
    expect(screen.queryByText(/deadline/i)).toBeNull();
  });

  it('with a deadline: when, and the time left', () => {
    render(<Summary r={result(Math.floor(Date.now() / 1000) + 3600)} locale="de" />);
    expect(screen.getByText('Pay by')).toBeTruthy();
    expect(screen.getByText('1.234,50 USD')).toBeTruthy();
    expect(screen.getByText(/left\)/)).toBeTruthy();
  });
});
