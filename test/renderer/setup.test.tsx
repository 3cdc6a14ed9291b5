/**
 * Setup after first run: Save asks for the current owner PIN, opens an owner session for that one
 * save and locks it again; a new PIN is confirmed with the current one; a wrong PIN is named on its
 * field. The main process decides (test/api/owner-settings.test.ts); this is what the screen sends.
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
  timeToPayMinutes: 15,
};

function fakeApi(options: { rightPin: string }) {
  const calls: { command: string; args: any }[] = [];
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
        case 'owner.unlock':
          if (args.pin !== options.rightPin)
            throw new PosCallError({ code: 'owner_locked', message: 'That PIN is not right.', field: 'pin' });
          return { token: 't'.repeat(48), expiresAt: 0 };
        case 'settings.save':
          return { ...configured, shopName: args.shopName ?? configured.shopName };
        case 'owner.lock':
          return { locked: true };
        default:
          throw new Error(`unexpected ${command}`);
      }
    }) as PosApi['call'],
    subscribe: () => () => {},
  };
  return { api, calls };
}

beforeEach(() => useCashier.setState({ screen: 'setup', ownerToken: null }));

describe('Setup after first run', () => {
  it('asks for the owner PIN, saves with a session for this save only, and never shows the hosted key', async () => {
    const { api, calls } = fakeApi({ rightPin: '2468' });
    render(<App api={api} />);
    await screen.findByRole('heading', { name: 'Set up the shop' });
    expect(screen.getByText(/A key is set for this gateway/)).toBeTruthy();
    expect((screen.getByLabelText('Merchant key of the hosted gateway (optional)') as HTMLInputElement).value).toBe('');
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true); // no PIN typed yet
    fireEvent.change(screen.getByLabelText('Shop name'), { target: { value: 'Corner Café & Bar' } });
    fireEvent.change(screen.getByLabelText('Current owner PIN (needed to save)'), { target: { value: '2468' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(calls.map((c) => c.command)).toContain('owner.lock'));
    const sent = calls.filter((c) => ['owner.unlock', 'settings.save', 'owner.lock'].includes(c.command));
    expect(sent.map((c) => c.command)).toEqual(['owner.unlock', 'settings.save', 'owner.lock']);
    expect(sent[1]!.args).toMatchObject({
      token: 't'.repeat(48),
      shopName: 'Corner Café & Bar',
      gateway: { kind: 'hosted', baseUrl: 'https://gateway.example' },
    });
    expect(sent[1]!.args.gateway.merchantKey).toBeUndefined(); // absent: the key set stays
    expect(sent[1]!.args.currentPin).toBeUndefined();
  });

  it('confirms a new PIN with the current one', async () => {
    const { api, calls } = fakeApi({ rightPin: '2468' });
    render(<App api={api} />);
    await screen.findByRole('heading', { name: 'Set up the shop' });
    fireEvent.change(screen.getByLabelText('New owner PIN (4 to 8 digits; leave empty to keep it)'), {
      target: { value: '1357' },
    });
    fireEvent.change(screen.getByLabelText('Current owner PIN (needed to save)'), { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.command === 'settings.save')).toBe(true));
    expect(calls.find((c) => c.command === 'settings.save')!.args).toMatchObject({
      ownerPin: '1357',
      currentPin: '2468',
    });
  });

  it('names a wrong PIN on its field and saves nothing', async () => {
    const { api, calls } = fakeApi({ rightPin: '2468' });
    render(<App api={api} />);
    await screen.findByRole('heading', { name: 'Set up the shop' });
    const pin = screen.getByLabelText('Current owner PIN (needed to save)');
    fireEvent.change(pin, { target: { value: '1111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That PIN is not right.');
    expect(pin.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.command === 'settings.save')).toBe(false);
  });
});
