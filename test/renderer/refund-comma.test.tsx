/**
 * Amounts typed with a decimal comma (de, fr: "2,5") outside the keypad: the refund form and the owner's
 * fixed price read them as "2.5", as the cart's fields do. Before, the refund's button stayed grey with
 * no reason given, and the fixed price went to the gateway as "1,5".
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AddFixedPrice } from '../../renderer/screens/owner/PriceSourceForm.js';
import { RefundForm, type RefundAsk } from '../../renderer/screens/refunds/RefundForm.js';
import { overpaidUsdt, USDT } from '../helpers/money-to-resolve.js';

const resolve = overpaidUsdt('12', '2');

describe('decimal comma in amount fields', () => {
  it('the refund form reads "2,5" as 2.5 and lets the refund be prepared', () => {
    const asked: RefundAsk[] = [];
    render(<RefundForm resolve={resolve} busy={false} error="" onAsk={(ask) => asked.push(ask)} />);
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '2,5' } });
    fireEvent.change(screen.getByLabelText(/^Refund to/), { target: { value: '0xabc' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'paid twice' } });
    const button = screen.getByRole('button', { name: 'Prepare the refund' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    expect(asked).toEqual([
      { amount: '2.5', amountIn: 'asset', assetId: USDT.assetId, destination: '0xabc', reason: 'paid twice' },
    ]);
  });

  it('a fixed price typed "1,5" is added as 1.5', () => {
    const onAdd = vi.fn();
    const btc = { key: 'btc', symbol: 'BTC', usdPrice: '60000', source: 'bundled', ageSeconds: 0, problem: '' };
    render(<AddFixedPrice prices={[btc]} onAdd={onAdd} />);
    fireEvent.change(screen.getByLabelText(/USD/), { target: { value: '1,5' } });
    fireEvent.click(screen.getByRole('button'));
    expect(onAdd).toHaveBeenCalledWith({ id: 'fixed', kind: 'fixed', prices: [{ key: 'btc', usdPrice: '1.5' }] });
  });
});
