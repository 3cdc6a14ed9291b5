/**
 * The sign-in pad and the idle lock in the renderer: the till opens on the names, a PIN typed on the
 * keyboard signs in (the main process's refusal shown as it is), the nav shows only what the role may
 * open, and after the session's idle time without a touch or a key the window locks itself.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PosCallError } from '../../renderer/api/pos-client.js';
import { App } from '../../renderer/app/App.js';
import { useCashier } from '../../renderer/state/cashier.js';
import type { PosApi, StaffSession, TillSettings } from '../../shared/posapi.js';
import { CONFIGURED } from '../helpers/setup-api.js';

// The configured till of the Setup tests, locking after one idle minute.
const settings: TillSettings = { ...CONFIGURED, idleLockMinutes: 1 };
const cora: StaffSession = {
  accountId: 'st-cora',
  name: 'Cora',
  role: 'cashier',
  permissions: ['sell'],
  idleLockMs: 60_000,
};

function fakeApi() {
  const calls: { command: string; args: any }[] = [];
  let session: StaffSession | null = null;
  const api: PosApi = {
    call: (async (command: string, args: any) => {
      calls.push({ command, args });
      switch (command) {
        case 'app.info':
          return {
            name: 'Paydesk',
            version: '1',
            mode: 'sandbox',
            gatewayUrl: 'http://x',
            dataDir: '/d',
            shell: 'host',
          };
        case 'settings.get':
          return settings;
        case 'staff.session':
          return session;
        case 'staff.roster':
          return [
            { accountId: 'owner', name: 'Owner', role: 'owner' },
            { accountId: 'st-cora', name: 'Cora', role: 'cashier' },
          ];
        case 'staff.signIn':
          if (args.pin !== '1357') throw new PosCallError({ code: 'wrong_pin', message: 'That PIN is not right.' });
          session = cora;
          return cora;
        case 'staff.lock':
          session = null;
          return { locked: true };
        case 'assets.quote':
        case 'assets.payment':
          return [];
        default:
          throw new Error(`unexpected ${command}`);
      }
    }) as PosApi['call'],
    subscribe: () => () => {},
  };
  return { api, calls };
}

beforeEach(() => useCashier.setState({ screen: 'charge' }));
afterEach(() => vi.useRealTimers());

describe('sign-in pad and idle lock', () => {
  it('signs in by keyboard, shows only what a cashier may open, and locks after the idle time', async () => {
    const { api, calls } = fakeApi();
    render(<App api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cora, Cashier' }));
    await screen.findByRole('heading', { name: 'PIN for Cora' });
    for (const key of '1111') fireEvent.keyDown(window, { key });
    fireEvent.keyDown(window, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('That PIN is not right.');
    for (const key of '1357') fireEvent.keyDown(window, { key });
    fireEvent.keyDown(window, { key: 'Enter' });
    await screen.findByText('Cora (Cashier)');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect([...nav.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Sell',
      'Charge',
      'Recent orders',
      'Shift',
      'My PIN',
    ]);
    expect(calls.filter((c) => c.command === 'staff.signIn').map((c) => c.args)).toEqual([
      { accountId: 'st-cora', pin: '1111' },
      { accountId: 'st-cora', pin: '1357' },
    ]);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A key press in time restarts the idle timer; then a full minute without use locks.
    await act(async () => {
      vi.advanceTimersByTime(59_000);
      fireEvent.keyDown(window, { key: 'Shift' });
      vi.advanceTimersByTime(59_000);
    });
    expect(calls.some((c) => c.command === 'staff.lock')).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(1_001);
      // The lock's answer, then react-query's batched notification (a timer too).
      for (let i = 0; i < 5; i++) await Promise.resolve();
      vi.advanceTimersByTime(50);
    });
    expect(calls.some((c) => c.command === 'staff.lock')).toBe(true);
    vi.useRealTimers();
    await screen.findByRole('heading', { name: 'Who is at the till?' });
  });

  it('does not lock while a payment is open (the payer is scanning), and counts again once it is closed', async () => {
    const { api, calls } = fakeApi();
    render(<App api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cora, Cashier' }));
    await screen.findByRole('heading', { name: 'PIN for Cora' });
    for (const key of '1357') fireEvent.keyDown(window, { key });
    fireEvent.keyDown(window, { key: 'Enter' });
    await screen.findByText('Cora (Cashier)');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      useCashier.setState({ paymentOpen: true });
    });
    await act(async () => {
      vi.advanceTimersByTime(5 * 60_000);
    });
    expect(calls.some((c) => c.command === 'staff.lock')).toBe(false);
    await act(async () => {
      useCashier.setState({ paymentOpen: false });
    });
    await act(async () => {
      vi.advanceTimersByTime(60_001);
      for (let i = 0; i < 5; i++) await Promise.resolve();
    });
    expect(calls.some((c) => c.command === 'staff.lock')).toBe(true);
  });
});
