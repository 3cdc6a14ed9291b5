/**
 * A refund amount that cannot be asked for ("-1", "abc", "1.2.3", more decimal places than the chosen
 * unit takes) says why beside the field, in the till's language, with aria-invalid
 * and aria-describedby on the field; "Prepare the refund" stays disabled. Before, the button only went
 * grey and a cashier at a busy counter could not tell why (fresh-eye QA). A decimal comma still works.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../../shared/i18n/locales/de/till.json' with { type: 'json' };
import { PosApiContext } from '../../renderer/app/api-context.js';
import { addLoader, setLanguage } from '../../renderer/i18n/i18n.js';
import { RefundPanel } from '../../renderer/screens/refunds/RefundPanel.js';
import type { PosApi, QuoteAssetView, TillSettings } from '../../shared/posapi.js';
import type { RefundDetail } from '../../shared/posapi-refunds.js';
import { overpaidUsdt, USDT } from '../helpers/money-to-resolve.js';

addLoader('till', async (language) => (language === 'de' ? de : undefined));

const resolve = overpaidUsdt('13', '3');
const detail: RefundDetail = { orderId: 'pd-1', traceId: 't', resolve, refunds: [], error: '' };
const quote = (assetId: string, symbol: string, decimalDigit: number): QuoteAssetView => ({
  assetId,
  symbol,
  isCrypto: symbol !== 'USD',
  decimalDigit,
  minQuoteAmount: '0.01',
  maxQuoteAmount: '1000000',
});
const settings = {
  locale: 'en-US',
  timeZone: 'UTC',
  ownerPinSet: false,
  gateway: { kind: 'embedded' },
} as TillSettings;

function api(): PosApi {
  const answers: Record<string, unknown> = {
    'refund.detail': detail,
    'app.info': { mode: 'sandbox' },
    'staff.session': null,
    'assets.quote': [quote('usd', 'USD', 2), quote(USDT.assetId, 'USDT', 6)],
  };
  return {
    call: async (command: string) => {
      if (command in answers) return answers[command];
      throw new Error(`unexpected ${command}`);
    },
    on: () => () => undefined,
  } as unknown as PosApi;
}

async function form(locale = 'en-US') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PosApiContext.Provider value={api()}>
        <RefundPanel orderId="pd-1" settings={{ ...settings, locale }} />
      </PosApiContext.Provider>
    </QueryClientProvider>,
  );
  return screen.findByRole('form');
}

/** Types `amount`; the field's own problem text ('' when none), after checking it is wired to the field. */
function typeAmount(box: HTMLElement, label: string, amount: string): string {
  const field = within(box).getByLabelText(label) as HTMLInputElement;
  fireEvent.change(field, { target: { value: amount } });
  const described = field.getAttribute('aria-describedby');
  if (!described) {
    expect(field.getAttribute('aria-invalid')).toBe('false');
    return '';
  }
  expect(field.getAttribute('aria-invalid')).toBe('true');
  return document.getElementById(described)?.textContent ?? '';
}

function fillTheRest(box: HTMLElement, destination: RegExp, reason: string, text: string) {
  fireEvent.change(within(box).getByLabelText(destination), { target: { value: '0xabc' } });
  fireEvent.change(within(box).getByLabelText(reason), { target: { value: text } });
}

describe('a refund amount that cannot be asked for', () => {
  afterEach(() => act(() => setLanguage('en')));

  it('says why beside the field and keeps "Prepare the refund" disabled', async () => {
    const box = await form();
    fillTheRest(box, /^Refund to/, 'Reason', 'paid twice');
    const button = within(box).getByRole('button', { name: 'Prepare the refund' }) as HTMLButtonElement;
    for (const typed of ['-1', 'abc', '1.2.3', '']) {
      expect(typeAmount(box, 'Amount', typed)).toBe('Type the amount as a positive number, like 2.5.');
      expect(button.disabled).toBe(true);
    }
    expect(typeAmount(box, 'Amount', '0')).toBe('The amount must be more than zero.');
    expect(button.disabled).toBe(true);
    // USDT takes 6 places (the gateway's list); trailing zeros are not places.
    await waitFor(() =>
      expect(typeAmount(box, 'Amount', '1.1234567')).toBe('Too many decimal places for USDT: at most 6.'),
    );
    expect(button.disabled).toBe(true);
    expect(typeAmount(box, 'Amount', '1.12345600')).toBe('');
    // In dollars: cents at most.
    fireEvent.change(within(box).getByLabelText('Amount in'), { target: { value: 'quote_original' } });
    expect(typeAmount(box, 'Amount', '1.234')).toBe('Too many decimal places for USD: at most 2.');
    expect(button.disabled).toBe(true);
    expect(typeAmount(box, 'Amount', '1,5')).toBe('');
    expect(button.disabled).toBe(false);
  });

  it('says it in the till’s language, with its decimal sign', async () => {
    await act(() => setLanguage('de'));
    const box = await form('de-DE');
    fillTheRest(box, /^Erstatten an/, 'Grund', 'doppelt bezahlt');
    expect(typeAmount(box, 'Betrag', '1.2.3')).toBe('Geben Sie den Betrag als positive Zahl ein, z. B. 2,5.');
    expect(typeAmount(box, 'Betrag', '2,5')).toBe('');
    expect((within(box).getByRole('button', { name: 'Erstattung vorbereiten' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
