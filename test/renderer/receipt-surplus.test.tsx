/**
 * An overpayment on the till's printable Receipt (charge 7.5 USD, the payer sends 9.25 USDT): it said
 * "Paid 7.5 USDT", paid being capped at what was due, which is wrong for the payer's records. It now adds
 * what was received and how much more than due (docs/api.md, "Amounts and surplus": surplusAmount), in
 * the till's language and number format; an exact payment adds nothing. A fake PosApi answers the screen.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../../shared/i18n/locales/de/till.json' with { type: 'json' };
import { PosApiContext } from '../../renderer/app/api-context.js';
import { addLoader, setLanguage } from '../../renderer/i18n/i18n.js';
import { Receipt } from '../../renderer/screens/Receipt.js';
import { useCashier } from '../../renderer/state/cashier.js';
import type { OrderView, PosApi, TillSettings } from '../../shared/posapi.js';
import { overpaidOrder } from '../helpers/overpaid-order.js';
import { CONFIGURED } from '../helpers/setup-api.js';

addLoader('till', async (language) => (language === 'de' ? de : undefined));

const order = (surplusAmount: string): OrderView => overpaidOrder(surplusAmount);

/** The Receipt of `shown` as the till shows it; every other command (no sale, no printer) is refused. */
function receiptOf(shown: OrderView, settings: TillSettings = CONFIGURED): void {
  const answers: Record<string, unknown> = {
    'order.get': shown,
    'app.info': {
      name: 'Paydesk',
      version: '1',
      mode: 'sandbox',
      gatewayUrl: 'http://x',
      dataDir: '/d',
      shell: 'host',
    },
  };
  const api = {
    call: async (command: string) => {
      if (command in answers) return answers[command];
      throw new Error(`not here: ${command}`);
    },
    subscribe: () => () => {},
  } as unknown as PosApi;
  useCashier.setState({ screen: 'receipt', orderId: shown.orderId });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PosApiContext.Provider value={api}>
        <Receipt settings={settings} />
      </PosApiContext.Provider>
    </QueryClientProvider>,
  );
}

/** The value beside a receipt label. */
const valueOf = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('an overpayment on the till’s printable receipt', () => {
  afterEach(() => act(() => setLanguage('en')));

  it('says what was received and how much more than due, under what was paid', async () => {
    receiptOf(order('1.75'));
    expect(await screen.findByText('Received (1.75 USDT more than due)')).toBeTruthy();
    expect(valueOf('Received (1.75 USDT more than due)')).toBe('9.25 USDT');
    expect(valueOf('Paid')).toBe('7.5 USDT');
  });

  it('adds nothing when the payer sent exactly what was due', async () => {
    receiptOf(order('0'));
    expect(await screen.findByText('Paid')).toBeTruthy();
    expect(screen.queryByText(/more than due/)).toBeNull();
  });

  it('in the till’s language and number format', async () => {
    await act(() => setLanguage('de'));
    receiptOf(order('1.75'), { ...CONFIGURED, locale: 'de-DE' });
    expect(await screen.findByText('Erhalten (1,75 USDT mehr als fällig)')).toBeTruthy();
    expect(valueOf('Erhalten (1,75 USDT mehr als fällig)')).toBe('9,25 USDT');
  });
});
