/** Renderer units: amounts never lose digits; the keypad builds amounts; Setup names a bad payee. */
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { compareAmounts, formatAmount } from '../../renderer/app/format.js';
import { App } from '../../renderer/app/App.js';
import { useCashier } from '../../renderer/state/cashier.js';
import type { PosApi, TillSettings } from '../../shared/posapi.js';

describe('formatAmount', () => {
  it('groups and localises without losing digits', () => {
    expect(formatAmount('1234567.123456789012345678', 'en-US')).toBe('1,234,567.123456789012345678');
    expect(formatAmount('1234567.5', 'de-DE')).toBe('1.234.567,5');
    expect(formatAmount('12.50', 'en-US')).toBe('12.50');
    expect(formatAmount('99999999999999999999', 'en-US')).toBe('99,999,999,999,999,999,999');
  });
  it('compares decimal strings exactly', () => {
    expect(compareAmounts('0.1', '0.10')).toBe(0);
    expect(compareAmounts('100000', '99999.999999')).toBe(1);
    expect(compareAmounts('0.000000000000000001', '0')).toBe(1);
  });
});

describe('keypad state', () => {
  beforeEach(() => useCashier.setState({ amount: '', amountFull: false }));
  it('builds an amount from keys, one decimal point, backspace and clear', () => {
    const { press } = useCashier.getState();
    for (const key of ['0', '1', '2', '.', '5', '.', '0', 'x']) press(key);
    expect(useCashier.getState().amount).toBe('12.50');
    press('Backspace');
    expect(useCashier.getState().amount).toBe('12.5');
    press('Clear');
    press('.');
    expect(useCashier.getState().amount).toBe('0.');
  });
  it('keeps 16 digits at most and says so when one more is typed, until the next other key', () => {
    const { press } = useCashier.getState();
    for (const key of '12345678901234567') press(key);
    expect(useCashier.getState()).toMatchObject({ amount: '1234567890123456', amountFull: true });
    press('Backspace');
    expect(useCashier.getState()).toMatchObject({ amount: '123456789012345', amountFull: false });
  });
});

const unconfigured: TillSettings = {
  configured: false,
  shopName: '',
  payee: null,
  quoteAssetId: 'usd',
  settlementAssetId: '',
  gateway: { kind: 'embedded' },
  locale: 'en-US',
  timeZone: 'UTC',
  publicCallbackUrl: '',
  ownerPinSet: false,
  idleLockMinutes: 5,
  timeToPayMinutes: 15,
};

describe('first run', () => {
  it('leads to Setup and says clearly when the payee is not a user of the gateway', async () => {
    const calls: string[] = [];
    const api: PosApi = {
      call: (async (command: string) => {
        calls.push(command);
        if (command === 'app.info')
          return {
            name: 'Paydesk',
            version: '1',
            mode: 'sandbox',
            gatewayUrl: 'http://x',
            dataDir: '/d',
            shell: 'host',
          };
        if (command === 'settings.get') return unconfigured;
        if (command === 'payee.lookup') {
          const { PosCallError } = await import('../../renderer/api/pos-client.js');
          throw new PosCallError({ code: 'payee_not_found', message: 'nope', field: 'payeeNetworkId' });
        }
        throw new Error(`unexpected ${command}`);
      }) as PosApi['call'],
      subscribe: () => () => {},
    };
    render(<App api={api} />);
    await screen.findByRole('heading', { name: 'Set up the shop' });
    fireEvent.change(screen.getByLabelText('Shop network id'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('123 is not a user of this gateway.')).toBeTruthy();
    expect(screen.getByLabelText('Shop network id').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toContain('payee.lookup');
  });
});
