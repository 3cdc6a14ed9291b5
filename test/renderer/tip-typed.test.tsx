/**
 * The Pay step's "Other tip" (happy-dom, a fake PosApi with no customer display): a tip typed wrong
 * ("abc", "1.999") is said beside the field and Charge waits; before, the field kept the text, no word was
 * said, and the sale was charged with the preset tapped before it (15 %) as if nothing had been typed.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PosApiContext } from '../../renderer/app/api-context.js';
import { TenderPanel } from '../../renderer/screens/cart/TenderPanel.js';
import { cartInput, useCart } from '../../renderer/state/cart.js';
import { priceCart } from '../../shared/cart/price.js';
import { DEFAULT_SALES_SETTINGS } from '../../shared/posapi-sales.js';
import type { CheckoutArgs } from '../../shared/posapi-sales.js';
import type { PosApi } from '../../shared/posapi.js';
import { paymentAsset } from './charge-fixtures.js';

const api: PosApi = {
  call: (async (command: string) => {
    switch (command) {
      case 'display.askTip':
        return { questionId: 'q1', displays: 0 };
      case 'display.endTip':
        return {};
      case 'assets.payment':
        return [paymentAsset({})];
    }
    throw new Error(`unexpected ${command}`);
  }) as PosApi['call'],
  subscribe: () => () => {},
};

const settings = { ...DEFAULT_SALES_SETTINGS, tipsEnabled: true, tipPresets: ['10', '15'] };

/** The Pay step as CartScreen renders it: the cart priced from the store, tip included. */
function PayStep({ onCheckout }: { onCheckout: (tenders: Omit<CheckoutArgs, 'cart'>) => void }) {
  const state = useCart();
  const input = cartInput(state);
  const priced = priceCart(input, { taxMode: 'added', rounding: 'line', places: 2 });
  return (
    <TenderPanel
      priced={priced}
      cart={input}
      settings={settings}
      quoteAssetId="usd"
      locale="en-US"
      symbol="USD"
      places={2}
      busy={false}
      error=""
      onBack={() => {}}
      onCheckout={onCheckout}
    />
  );
}

function renderPay() {
  const checkouts: Omit<CheckoutArgs, 'cart'>[] = [];
  render(
    <PosApiContext.Provider value={api}>
      <QueryClientProvider client={new QueryClient()}>
        <PayStep onCheckout={(t) => checkouts.push(t)} />
      </QueryClientProvider>
    </PosApiContext.Provider>,
  );
  return checkouts;
}

const charge = () => screen.getByRole('button', { name: /^Charge .* in crypto$/ }) as HTMLButtonElement;

describe('a tip typed at the Pay step', () => {
  beforeEach(() => {
    useCart.getState().clear();
    useCart.getState().addCustom('10.00', 'Coffee');
  });

  it('letters or too many decimals are said beside "Other tip", and Charge waits: never the preset before', async () => {
    renderPay();
    fireEvent.click(await screen.findByRole('button', { name: '15%' }));
    await waitFor(() => expect(charge().textContent).toBe('Charge 11.50 USD in crypto'));
    await waitFor(() => expect(charge().disabled).toBe(false));
    for (const typed of ['abc', '1.999']) {
      fireEvent.change(screen.getByLabelText('Other tip'), { target: { value: typed } });
      expect(screen.getByRole('alert').textContent).toBe('Other tip: type an amount such as 12.50.');
      expect(screen.getByLabelText('Other tip').getAttribute('aria-invalid')).toBe('true');
      expect(charge().disabled).toBe(true);
    }
  });

  it('a right amount is the tip; a preset tapped after a wrong one clears it; an emptied field is no tip', async () => {
    const checkouts = renderPay();
    const field = await screen.findByLabelText('Other tip');
    fireEvent.change(field, { target: { value: '1,5' } });
    await waitFor(() => expect(charge().textContent).toBe('Charge 11.50 USD in crypto'));
    fireEvent.change(field, { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: '10%' }));
    expect((screen.getByLabelText('Other tip') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(charge().textContent).toBe('Charge 11.00 USD in crypto'));
    fireEvent.change(field, { target: { value: '2' } });
    await waitFor(() => expect(charge().textContent).toBe('Charge 12.00 USD in crypto'));
    fireEvent.change(field, { target: { value: '' } });
    await waitFor(() => expect(charge().textContent).toBe('Charge 10.00 USD in crypto'));
    await waitFor(() => expect(charge().disabled).toBe(false));
    fireEvent.click(charge());
    expect(checkouts).toEqual([{ crypto: { paymentAssetId: 'usdt', isChain: false } }]);
    expect(useCart.getState().tip).toEqual({ kind: 'none' });
  });
});
