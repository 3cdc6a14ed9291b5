/**
 * Issue 15 on the renderer side (happy-dom + Testing Library, a fake PosApi): a payee change confirmed
 * with both payees, a hosted gateway's TEST MODE badge, banner and empty "Pay with" explained, only the
 * methods the gateway takes, Enter only charging from the amount, note or Charge, the live rails form,
 * lag unknown, the scanner warning, and the smaller ones of item 11.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PosCallError } from '../../renderer/api/pos-client.js';
import { PosApiContext } from '../../renderer/app/api-context.js';
import { App } from '../../renderer/app/App.js';
import { RailsPanel } from '../../renderer/screens/owner/RailsPanel.js';
import { useCashier } from '../../renderer/state/cashier.js';
import type { OrderView, PosApi, PosEventMessage, TillSettings } from '../../shared/posapi.js';
import { CAFE_TILL, freshCharge, paymentAsset } from './charge-fixtures.js';

const settings: TillSettings = CAFE_TILL;
const quote = {
  assetId: 'usd',
  symbol: 'USD',
  isCrypto: false,
  decimalDigit: 2,
  minQuoteAmount: '0.01',
  maxQuoteAmount: '100000',
};

type Handler = (args: any) => unknown;
function fakeApi(handlers: Record<string, Handler>, mode: 'sandbox' | 'live' = 'sandbox') {
  const calls: { command: string; args: any }[] = [];
  let listener: ((m: PosEventMessage) => void) | undefined;
  const base: Record<string, Handler> = {
    'app.info': () => ({ name: 'Paydesk', version: '1', mode, gatewayUrl: 'http://x', dataDir: '/d', shell: 'host' }),
    'settings.get': () => settings,
    'assets.quote': () => [quote],
    'assets.payment': () => [paymentAsset({})],
    'order.list': () => [],
    'rails.health': () => [],
    // A till without staff accounts yet: open, nobody signed in; backups not set up.
    'staff.session': () => null,
    'backup.health': () => ({ configured: false, overdue: false, lastSuccessAt: 0, failing: false }),
  };
  const api: PosApi = {
    call: (async (command: string, args: any) => {
      calls.push({ command, args });
      const handler = handlers[command] ?? base[command];
      if (!handler) throw new Error(`unexpected ${command}`);
      return handler(args);
    }) as PosApi['call'],
    subscribe: (l) => {
      listener = l;
      return () => (listener = undefined);
    },
  };
  return { api, calls, push: (m: PosEventMessage) => listener?.(m) };
}

beforeEach(freshCharge);

describe('item 1: the payee', () => {
  it('is shown on Charge, and a change of payee is confirmed with both payees side by side', async () => {
    const { api, calls } = fakeApi({
      'payee.lookup': ({ networkId }) => ({ networkId, payeeId: 'p2', fullName: 'Mallory' }),
      'settings.save': () => settings,
    });
    render(<App api={api} />);
    expect(await screen.findByText('Payments go to Corner Café · network id 7000101')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Setup' }));
    fireEvent.change(await screen.findByLabelText('Shop network id'), { target: { value: '7000999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change who receives the payments?' });
    expect(dialog.textContent).toContain('Now: Corner Café (network id 7000101)');
    expect(dialog.textContent).toContain('New: Mallory (network id 7000999)');
    expect(calls.some((c) => c.command === 'settings.save')).toBe(false);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.command === 'settings.save')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, send payments to the new payee' }));
    await waitFor(() => expect(calls.find((c) => c.command === 'settings.save')?.args.payeeNetworkId).toBe('7000999'));
  });
});

describe('item 6: a hosted gateway that cannot be reached', () => {
  it('shows no TEST MODE badge, the offline banner, and why "Pay with" is empty', async () => {
    const hosted = {
      ...settings,
      gateway: { kind: 'hosted' as const, baseUrl: 'https://gw.example', merchantKeySet: false },
    };
    const { api, push } = fakeApi({
      'settings.get': () => hosted,
      'assets.payment': () => {
        throw new PosCallError({ code: 'gateway_unreachable', message: 'The gateway cannot be reached.' });
      },
    });
    render(<App api={api} />);
    await screen.findByText(/Payments go to Corner Café/);
    push({ event: 'connection.changed', payload: { online: false, queued: 0, lastContactAt: 0 } });
    expect(await screen.findByText(/Gateway unreachable/)).toBeTruthy();
    expect(
      await screen.findByText(/Nothing to pay with: the gateway cannot be reached/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText('TEST MODE')).toBeNull();
  });
});

describe('item 7: methods the gateway cannot take', () => {
  it('offers no Wallet where the gateway takes only on chain, and picks on chain', async () => {
    const { api } = fakeApi({ 'assets.payment': () => [paymentAsset({ walletSupported: false })] }, 'live');
    render(<App api={api} />);
    await screen.findByLabelText('On chain');
    await waitFor(() => expect(screen.queryByLabelText('Wallet')).toBeNull());
    await waitFor(() => expect(useCashier.getState().isChain).toBe(true));
  });

  it('the rails panel says lag unknown when no block was seen, and the guided form checks the xpub', async () => {
    const { api, calls } = fakeApi({
      'owner.rails': () => ({
        available: true,
        reason: '',
        config: null,
        health: [
          {
            network: 'Ethereum',
            chainId: 1,
            lastBlock: -1,
            head: -1,
            lag: 0,
            lastError: 'connect ECONNREFUSED',
            lastOkAt: 0,
          },
        ],
      }),
      'owner.saveRails': () => ({ available: true, reason: '', config: null, health: [] }),
    });
    render(
      <PosApiContext.Provider value={api}>
        <QueryClientProvider client={new QueryClient()}>
          <RailsPanel />
        </QueryClientProvider>
      </PosApiContext.Provider>,
    );
    expect(await screen.findByText(/block unknown of unknown, lag unknown/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Node URL (JSON-RPC)'), { target: { value: 'https://node.example' } });
    fireEvent.change(screen.getByLabelText(/Extended public key/), { target: { value: 'xprv9s21ZrQH143K' } });
    expect(screen.getByText(/That is a private key/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Save rails' })[0]!);
    expect(calls.some((c) => c.command === 'owner.saveRails')).toBe(false);
    const xpub = `xpub${'A'.repeat(107)}`;
    fireEvent.change(screen.getByLabelText(/Extended public key/), { target: { value: xpub } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save rails' })[0]!);
    await waitFor(() => expect(calls.some((c) => c.command === 'owner.saveRails')).toBe(true));
    const config = calls.find((c) => c.command === 'owner.saveRails')!.args.config;
    expect(config.chains[0]).toMatchObject({ network: 'Ethereum', chainId: 1, rpcUrls: ['https://node.example'] });
    expect(config.chains[0].assets.map((a: any) => a.kind)).toEqual(['native', 'erc20', 'erc20']);
  });

  it('warns on the payment screen when the chain scanner is not healthy', async () => {
    const order: OrderView = {
      orderId: 'pd-20261124-abcdef0123',
      traceId: 't',
      payeeId: 'p1',
      quoteAssetId: 'usd',
      quoteSymbol: 'USD',
      cashierName: '',
      quoteAmount: '5',
      note: '',
      status: 'unpaid',
      instruction: {
        clientId: 'c',
        paymentAssetId: 'usdt',
        paymentSymbol: 'USDT',
        paymentAmount: '5',
        isChain: true,
        network: 'Ethereum',
        recipient: '',
        memo: '',
        destination: '0x1111111111111111111111111111111111111111',
        tag: '',
        expire: 4_000_000_000,
        seconds: 600,
        paymentUri: 'ethereum:0x1111111111111111111111111111111111111111',
      },
      progress: null,
      mismatch: '',
      createdAt: 1,
      updatedAt: 1,
      payBy: 0,
      history: [],
    };
    const { api } = fakeApi(
      {
        'order.get': () => order,
        'rails.health': () => [
          { network: 'Ethereum', chainId: 1, lastBlock: -1, head: -1, lag: 0, lastError: '', lastOkAt: 0 },
        ],
      },
      'live',
    );
    useCashier.setState({ screen: 'payment', orderId: order.orderId });
    render(<App api={api} />);
    expect(await screen.findByText(/Warning: the Ethereum scanner is not working \(no block seen yet\)/)).toBeTruthy();
    expect(screen.getByText('Address · Ethereum (ERC-20)')).toBeTruthy();
  });
});

describe('item 8: Enter', () => {
  it('on a keypad key or the navigation presses that button, never Charge; in the note it charges', async () => {
    const { api, calls } = fakeApi({ 'order.create': () => Promise.reject(new Error('refused')) });
    render(<App api={api} />);
    await screen.findByRole('button', { name: /^USDT Ethereum \(ERC-20\)$/ });
    for (const key of ['1', '2']) fireEvent.click(screen.getByRole('button', { name: key }));
    await waitFor(() =>
      expect((screen.getAllByRole('button', { name: 'Charge' }).at(-1) as HTMLButtonElement).disabled).toBe(false),
    );
    for (const name of ['5', /^USDT Ethereum/, 'Recent orders']) {
      const button = screen.getAllByRole('button', { name })[0]!;
      button.focus();
      fireEvent.keyDown(button, { key: 'Enter' });
    }
    expect(calls.some((c) => c.command === 'order.create')).toBe(false);
    const note = screen.getByLabelText('Note (optional)');
    note.focus();
    fireEvent.keyDown(note, { key: 'Enter' });
    await waitFor(() => expect(calls.some((c) => c.command === 'order.create')).toBe(true));
  });
});

describe('item 11: smaller ones', () => {
  it('the keypad clears; limits show separators; digits only in the network id, said in words', async () => {
    const { api, calls } = fakeApi({ 'assets.quote': () => [{ ...quote, maxQuoteAmount: '100000' }] });
    render(<App api={api} />);
    await screen.findByRole('button', { name: /^USDT/ });
    for (const key of ['2', '0', '0', '0', '0', '0']) fireEvent.click(screen.getByRole('button', { name: key }));
    expect(await screen.findByText('At most 100,000 USD')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(useCashier.getState().amount).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Setup' }));
    fireEvent.change(await screen.findByLabelText('Shop network id'), { target: { value: '70a' } });
    expect(screen.getByText('Shop network id: use digits only (the number of the shop’s account).')).toBeTruthy();
    // Save then saves nothing: the network id is marked and takes the focus.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Shop network id'));
    expect(screen.getByLabelText('Shop network id').getAttribute('aria-invalid')).toBe('true');
    expect(calls.map((c) => c.command)).not.toContain('settings.save');
  });

  it('first run: the looked-up name follows a second lookup, and the currency lists fill before the first save', async () => {
    const names: Record<string, string> = { '7000101': 'Corner Café', '7000102': 'Bakery' };
    const { api, calls } = fakeApi({
      'settings.get': () => ({ ...settings, configured: false, payee: null, shopName: '' }),
      'payee.lookup': ({ networkId }) => ({ networkId, payeeId: `p-${networkId}`, fullName: names[networkId] }),
      'assets.quote': ({ payeeId }) => (payeeId ? [quote, { ...quote, assetId: 'jpy', symbol: 'JPY' }] : []),
      'assets.settlement': () => [{ assetId: 'usdt', symbol: 'USDT', name: 'Tether', network: 'Ethereum' }],
    });
    render(<App api={api} />);
    const id = await screen.findByLabelText('Shop network id');
    fireEvent.change(id, { target: { value: '7000101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    await screen.findByText('Found: Corner Café');
    expect((screen.getByLabelText('Shop name') as HTMLInputElement).value).toBe('Corner Café');
    fireEvent.change(id, { target: { value: '7000102' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    await screen.findByText('Found: Bakery');
    expect((screen.getByLabelText('Shop name') as HTMLInputElement).value).toBe('Bakery');
    expect(await screen.findByRole('option', { name: 'JPY' })).toBeTruthy();
    expect(await screen.findByRole('option', { name: 'USDT (Ethereum)' })).toBeTruthy();
    expect(calls.filter((c) => c.command === 'assets.quote').at(-1)?.args).toEqual({ payeeId: 'p-7000102' });
  });
});

describe('items 2 and 3: money seen', () => {
  it('under review: no QR, "waiting for the owner\'s review", New sale; Cancel says the amount and sends the PIN', async () => {
    const order: OrderView = {
      orderId: 'pd-20261124-abcdef0124',
      traceId: 't',
      payeeId: 'p1',
      quoteAssetId: 'usd',
      quoteSymbol: 'USD',
      cashierName: '',
      quoteAmount: '10000',
      note: '',
      status: 'auditing',
      instruction: {
        clientId: 'c',
        paymentAssetId: 'usdt',
        paymentSymbol: 'USDT',
        paymentAmount: '10000',
        isChain: false,
        network: 'Ethereum',
        recipient: 'r',
        memo: 'm',
        destination: '',
        tag: '',
        expire: 4_000_000_000,
        seconds: 60,
        paymentUri: 'mixin://pay?recipient=r',
      },
      progress: {
        payableAmount: '10000',
        paidAmount: '10000',
        remainingAmount: '0',
        confirmations: -1,
        requiredConfirmations: 0,
        failureCode: '0',
        failureReason: '',
        expiredAt: 0,
        surplusAmount: '0',
        settleStatus: 'pending',
      },
      mismatch: '',
      createdAt: 1,
      updatedAt: 1,
      payBy: 0,
      history: [],
    };
    const { api, calls } = fakeApi({ 'order.get': () => order, 'order.cancel': () => order });
    useCashier.setState({ screen: 'payment', orderId: order.orderId });
    render(<App api={api} />);
    expect(await screen.findByText("Payment received — waiting for the owner's review")).toBeTruthy();
    // The simulated payer has nothing left to pay.
    expect(screen.getByRole('button', { name: 'Pay in full' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('img', { name: /Payment QR code/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'New sale' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel payment' }));
    expect(screen.getByRole('dialog').textContent).toContain(
      'Money was already received for this payment: 10,000 USDT',
    );
    const yes = screen.getByRole('button', { name: 'Yes, cancel' }) as HTMLButtonElement;
    expect(yes.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Your PIN (4 to 8 digits)'), { target: { value: '2468' } });
    fireEvent.click(yes);
    await waitFor(() =>
      expect(calls.find((c) => c.command === 'order.cancel')?.args).toEqual({ orderId: order.orderId, pin: '2468' }),
    );
  });
});
