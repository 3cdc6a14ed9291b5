/**
 * Setup after first run, as the signed-in owner: Save sends the change (the main process checks the
 * role); a new PIN is confirmed with the current one; a wrong PIN is named on its field. The main
 * process decides (test/api/owner-settings.test.ts); this is what the screen sends.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/app/App.js';
import { PosCallError } from '../../renderer/api/pos-client.js';
import { useCashier } from '../../renderer/state/cashier.js';
import type { PosApi, TillSettings } from '../../shared/posapi.js';

const configured: TillSettings = {
  configured: true,
  shopName: 'Corner Café',
  payee: { networkId: '7000101', payeeId: 'p', fullName: 'Corner Café' },
  quoteAssetId: 'usd',
  settlementAssetId: '',
  gateway: { kind: 'hosted', baseUrl: 'https://gateway.example', merchantKeySet: true },
  locale: 'en-US',
  timeZone: 'UTC',
  publicCallbackUrl: '',
  ownerPinSet: true,
  idleLockMinutes: 5,
  timeToPayMinutes: 15,
};

function fakeApi(options: { rightPin: string }) {
  const calls: { command: string; args: any }[] = [];
  const saved: any[] = [];
  const api: PosApi = {
    call: (async (command: string, args: any) => {
      calls.push({ command, args });
      switch (command) {
        case 'app.info':
          return {
            name: 'Paydesk',
            version: '1',
            mode: 'sandbox',
            gatewayUrl: 'https://gateway.example',
            dataDir: '/d',
            shell: 'host',
          };
        case 'settings.get':
          return configured;
        case 'assets.quote':
          return [
            {
              assetId: 'usd',
              symbol: 'USD',
              isCrypto: false,
              decimalDigit: 2,
              minQuoteAmount: '0.01',
              maxQuoteAmount: '100000',
            },
          ];
        case 'assets.settlement':
          return [];
        case 'staff.session':
          return {
            accountId: 'owner',
            name: 'Owner',
            role: 'owner',
            permissions: [
              'sell',
              'orders.all',
              'cancel',
              'review',
              'review.decide',
              'export',
              'setup',
              'staff',
              'audit',
            ],
            idleLockMs: 300_000,
          };
        case 'payee.lookup':
          return { payeeId: 'p2', fullName: 'Other shop', networkId: args.networkId };
        case 'settings.save':
          if (args.ownerPin && args.currentPin !== options.rightPin)
            throw new PosCallError({ code: 'wrong_pin', message: 'That PIN is not right.', field: 'currentPin' });
          saved.push(args);
          return { ...configured, shopName: args.shopName ?? configured.shopName };
        default:
          throw new Error(`unexpected ${command}`);
      }
    }) as PosApi['call'],
    subscribe: () => () => {},
  };
  return { api, calls, saved };
}

beforeEach(() => useCashier.setState({ screen: 'setup' }));

describe('Setup after first run', () => {
  it('saves as the signed-in owner (the main process checks the role), and never shows the hosted key', async () => {
    const { api, calls, saved } = fakeApi({ rightPin: '2468' });
    render(<App api={api} />);
    await screen.findByRole('heading', { name: 'Set up the shop' });
    expect(screen.getByText(/A key is set for this gateway/)).toBeTruthy();
    expect((screen.getByLabelText('Merchant key of the hosted gateway (optional)') as HTMLInputElement).value).toBe('');
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('Shop name'), { target: { value: 'Corner Café & Bar' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls.map((c) => c.command)).not.toContain('owner.unlock');
    expect(saved[0]).toMatchObject({
      shopName: 'Corner Café & Bar',
      gateway: { kind: 'hosted', baseUrl: 'https://gateway.example' },
    });
    expect(saved[0].gateway.merchantKey).toBeUndefined(); // absent: the key set stays
    expect(saved[0].currentPin).toBeUndefined();
    expect(saved[0].token).toBeUndefined();
  });

  it('Enter in the network id looks the shop up; it does not save the whole form', async () => {
    const { api, calls, saved } = fakeApi({ rightPin: '2468' });
    render(<App api={api} />);
    await screen.findByRole('heading', { name: 'Set up the shop' });
    const networkId = screen.getByLabelText('Shop network id');
    fireEvent.change(networkId, { target: { value: '7000102' } });
    fireEvent.keyDown(networkId, { key: 'Enter' });
    await waitFor(() => expect(calls.map((c) => c.command)).toContain('payee.lookup'));
    expect(calls.find((c) => c.command === 'payee.lookup')!.args).toEqual({ networkId: '7000102' });
    expect(saved).toHaveLength(0);
  });

  it('confirms a new PIN with the current one: Save waits for it', async () => {
    const { api, saved } = fakeApi({ rightPin: '2468' });
    render(<App api={api} />);
    await screen.findByRole('heading', { name: 'Set up the shop' });
    fireEvent.change(screen.getByLabelText('New owner PIN (4 to 8 digits; leave empty to keep it)'), {
      target: { value: '1357' },
    });
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    // Save without it saves nothing: the current PIN's field says why, and has the focus.
    fireEvent.click(save);
    expect(screen.getByText('To save a new PIN: type the current one (4 to 8 digits).')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Current owner PIN (needed for a new PIN)'));
    expect(saved).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('New owner PIN (4 to 8 digits; leave empty to keep it)'), {
      target: { value: '12ab' },
    });
    expect(screen.getByText('To save: the owner PIN must be 4 to 8 digits, or empty.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New owner PIN (4 to 8 digits; leave empty to keep it)'), {
      target: { value: '1357' },
    });
    fireEvent.change(screen.getByLabelText('Current owner PIN (needed for a new PIN)'), { target: { value: '2468' } });
    fireEvent.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ ownerPin: '1357', currentPin: '2468' });
  });

  it('names a wrong current PIN on its field and saves nothing', async () => {
    const { api, saved } = fakeApi({ rightPin: '2468' });
    render(<App api={api} />);
    await screen.findByRole('heading', { name: 'Set up the shop' });
    fireEvent.change(screen.getByLabelText('New owner PIN (4 to 8 digits; leave empty to keep it)'), {
      target: { value: '1357' },
    });
    const pin = screen.getByLabelText('Current owner PIN (needed for a new PIN)');
    fireEvent.change(pin, { target: { value: '1111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That PIN is not right.');
    expect(pin.getAttribute('aria-invalid')).toBe('true');
    expect(saved).toHaveLength(0);
  });
});
