/**
 * The Charge screen when Enter (or Charge) comes before "Pay with" has the list for the typed amount
 * (happy-dom, a fake PosApi whose list for that amount is held until the test lets it go): the press is
 * kept and said ("Charging when prices are ready…", Charge busy), charged exactly once when the list
 * arrives; dropped by another amount, Escape or another method; refused in words when the asset cannot
 * pay or the list fails; and Enter without an amount says what is missing instead of nothing.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PosCallError } from '../../renderer/api/pos-client.js';
import { App } from '../../renderer/app/App.js';
import { useCashier } from '../../renderer/state/cashier.js';
import type { PaymentAssetView, PosApi, PosEventMessage, TillSettings } from '../../shared/posapi.js';
import { CAFE_TILL, freshCharge, paymentAsset } from './charge-fixtures.js';

const settings: TillSettings = CAFE_TILL;
const BTC = paymentAsset({ assetId: 'btc', symbol: 'BTC', name: 'Bitcoin', network: 'Bitcoin' });
const USDT = paymentAsset({});
const quote = { assetId: 'usd', symbol: 'USD', isCrypto: false, decimalDigit: 2, minQuoteAmount: '0.01' };

/** A list held until `release` (or `fail`) is called. */
interface Held {
  release(list: PaymentAssetView[]): void;
  fail(error: Error): void;
}

/** A fake PosApi: the list for `heldAmount` waits for the test; every other list answers at once. */
function fakeTill(heldAmount: string) {
  const creates: unknown[] = [];
  let held: Held | undefined;
  let failure: Error | undefined; // the list failed: asked again (react-query retries once), it fails again
  let asked: () => void = () => {};
  const heldAsked = new Promise<void>((resolve) => (asked = resolve));
  let listener: ((message: PosEventMessage) => void) | undefined;
  const api: PosApi = {
    call: (async (command: string, args: { quoteAmount?: string }) => {
      switch (command) {
        case 'app.info':
          return { name: 'Paydesk', version: '1', mode: 'sandbox', gatewayUrl: '', dataDir: '/d', shell: 'host' };
        case 'settings.get':
          return settings;
        case 'assets.quote':
          return [{ ...quote, maxQuoteAmount: '100000' }];
        case 'assets.payment':
          if (args.quoteAmount !== heldAmount) return [USDT, BTC];
          if (failure) throw failure;
          return new Promise<PaymentAssetView[]>((resolve, reject) => {
            held = {
              release: resolve,
              fail: (error) => {
                failure = error;
                reject(error);
              },
            };
            asked();
          });
        case 'order.create':
          creates.push(args);
          return new Promise(() => {}); // the payment screen is not this test's subject
        case 'order.list':
        case 'rails.health':
          return [];
        case 'staff.session':
          return null;
        case 'backup.health':
          return { configured: false, overdue: false, lastSuccessAt: 0, failing: false };
      }
      throw new Error(`unexpected ${command}`);
    }) as PosApi['call'],
    subscribe: (l) => {
      listener = l;
      return () => (listener = undefined);
    },
  };
  return { api, creates, heldAsked, held: () => held!, push: (message: PosEventMessage) => listener?.(message) };
}

const key = (name: string) => fireEvent.keyDown(document.body, { key: name });
const type = (amount: string) => [...amount].forEach(key);
const chargeButton = () => screen.getAllByRole('button', { name: 'Charge' }).at(-1) as HTMLButtonElement;
const status = () => document.querySelector('.charge-status')?.textContent ?? '';
const PENDING = 'Charging when prices are ready…';

/** "Pay with" shows the list for the amount typed now, and what its arrival set off has run. */
async function listShown() {
  await waitFor(() => expect(document.querySelector('fieldset.assets')?.getAttribute('aria-busy')).toBe('false'));
  await act(async () => {});
}

/** The Charge screen with its first list shown, `amount` typed and Enter pressed before its list came. */
async function enterBeforeTheList(amount: string, pick = 'btc') {
  const till = fakeTill(amount);
  render(<App api={till.api} />);
  await screen.findByRole('button', { name: /^BTC Bitcoin$/ });
  if (pick) fireEvent.click(screen.getByRole('button', { name: /^BTC Bitcoin$/ }));
  type(amount);
  await till.heldAsked;
  key('Enter');
  await waitFor(() => expect(status()).toBe(PENDING));
  return till;
}

beforeEach(freshCharge);

describe('Enter before "Pay with" has the list for the amount', () => {
  it('is kept and said, and charges exactly once when the list arrives, however often Enter is pressed', async () => {
    const till = await enterBeforeTheList('12.5');
    expect(chargeButton().getAttribute('aria-busy')).toBe('true');
    expect(chargeButton().disabled).toBe(false);
    key('Enter');
    fireEvent.click(chargeButton());
    expect(till.creates).toEqual([]);
    await act(async () => till.held().release([USDT, BTC]));
    await waitFor(() => expect(till.creates).toHaveLength(1));
    expect(till.creates[0]).toMatchObject({ quoteAssetId: 'usd', quoteAmount: '12.5', paymentAssetId: 'btc' });
    key('Enter');
    fireEvent.click(chargeButton());
    await listShown();
    expect(till.creates).toHaveLength(1);
    expect(status()).toBe('');
  });

  it('with no asset picked yet, charges the one "Pay with" picks when the list arrives', async () => {
    const till = await enterBeforeTheList('8', '');
    await act(async () => till.held().release([USDT, BTC]));
    await waitFor(() => expect(till.creates).toHaveLength(1));
    expect(till.creates[0]).toMatchObject({ quoteAmount: '8', paymentAssetId: 'usdt' });
  });

  for (const [what, change] of [
    ['another amount', () => key('Backspace')],
    ['Escape', () => key('Escape')],
    ['another method', () => fireEvent.click(screen.getByLabelText('On chain'))],
    ['another asset', () => fireEvent.click(screen.getByRole('button', { name: /^USDT/ }))],
  ] as const) {
    it(`is dropped by ${what}: the status clears and the list's arrival charges nothing`, async () => {
      const till = await enterBeforeTheList('12.5');
      change();
      await waitFor(() => expect(status()).toBe(''));
      expect(chargeButton().getAttribute('aria-busy')).toBe('false');
      await act(async () => till.held().release([USDT, BTC]));
      // Back to the same sale: a press that was kept would charge now.
      if (what === 'another amount') type('5');
      await listShown();
      expect(till.creates).toEqual([]);
    });
  }

  it('is refused in words when the list says the picked asset cannot pay this amount', async () => {
    const till = await enterBeforeTheList('12.5');
    const outside = { ...BTC, usable: false, reason: 'BTC cannot pay this amount (outside its limits)' };
    await act(async () => till.held().release([USDT, outside]));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not charged: BTC cannot pay this amount (outside its limits).',
    );
    expect(status()).toBe('');
    await listShown();
    expect(till.creates).toEqual([]);
    // "Pay with" moved to USDT by itself; the reason stays until the cashier acts.
    expect(useCashier.getState().paymentAssetId).toBe('usdt');
    expect(screen.getByRole('alert').textContent).toContain('BTC cannot pay this amount');
  });

  it('is refused with the reason when the list cannot be had (the gateway unreachable)', async () => {
    const till = await enterBeforeTheList('12.5');
    const offline = new PosCallError({ code: 'gateway_unreachable', message: 'The gateway cannot be reached.' });
    await act(async () => till.held().fail(offline));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toMatch(/^Nothing to pay with: the gateway cannot be reached/);
    expect(status()).toBe('');
    expect(till.creates).toEqual([]);
  });
  it('is refused at once when the gateway is known to be unreachable: that list will not come', async () => {
    const till = await enterBeforeTheList('12.5');
    act(() => till.push({ event: 'connection.changed', payload: { online: false, queued: 0, lastContactAt: 0 } }));
    // Under Charge (the offline banner says it too, at the top).
    const refusal = () => document.querySelector('.charge-refusal')?.textContent ?? '';
    await waitFor(() => expect(refusal()).toMatch(/^Nothing to pay with: the gateway cannot be reached/));
    expect(status()).toBe('');
    await act(async () => till.held().release([USDT, BTC]));
    await act(async () => {});
    expect(till.creates).toEqual([]);
  });
});

describe('Enter that cannot charge says why', () => {
  it('without an amount: the amount takes the focus and says "Enter an amount"', async () => {
    const till = fakeTill('none');
    render(<App api={till.api} />);
    await screen.findByRole('button', { name: /^BTC Bitcoin$/ });
    const hint = document.getElementById('amount-hint')!;
    expect(hint.textContent).toBe('');
    key('Enter');
    await waitFor(() => expect(hint.textContent).toBe('Enter an amount'));
    expect(hint.className).toContain('error');
    expect(document.activeElement?.className).toContain('amount-display');
    key('7');
    await waitFor(() => expect(hint.textContent).toBe(''));
    expect(till.creates).toEqual([]);
  });
});
