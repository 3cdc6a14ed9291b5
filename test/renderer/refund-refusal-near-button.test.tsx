/**
 * A refund the gateway refuses (more than is left, too many decimal places, zero) says why inside the
 * refund form, right above "Prepare the refund". It used to show in the panel above the form's heading:
 * at 1024x600, with the button scrolled into view, that line was 300 px above the dialog's top and the
 * owner saw nothing happen (fresh-eye QA).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PosCallError } from '../../renderer/api/pos-client.js';
import { PosApiContext } from '../../renderer/app/api-context.js';
import { RefundPanel } from '../../renderer/screens/refunds/RefundPanel.js';
import type { PosApi, TillSettings } from '../../shared/posapi.js';
import type { RefundDetail } from '../../shared/posapi-refunds.js';
import { overpaidUsdt } from '../helpers/money-to-resolve.js';

const resolve = overpaidUsdt('13', '3');
const detail: RefundDetail = { orderId: 'pd-1', traceId: 't', resolve, refunds: [], error: '' };
const tooMuch = {
  code: 'gateway_error',
  message:
    'amount: 50 is more than what is left to refund of this payment (13): the total refunded never exceeds what was received',
  key: 'gateway_error',
  params: {
    message:
      'amount: 50 is more than what is left to refund of this payment (13): the total refunded never exceeds what was received',
  },
};
// The first run's open till (no owner PIN yet) may do everything, as an owner may.
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
  };
  return {
    call: async (command: string) => {
      if (command === 'refund.create') throw new PosCallError(tooMuch);
      if (command in answers) return answers[command];
      throw new Error(`unexpected ${command}`);
    },
    on: () => () => undefined,
  } as unknown as PosApi;
}

describe('a refused refund', () => {
  it('says why inside the refund form, beside its button, and nowhere else', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PosApiContext.Provider value={api()}>
          <RefundPanel orderId="pd-1" settings={settings} />
        </PosApiContext.Provider>
      </QueryClientProvider>,
    );
    const form = await screen.findByRole('form', { name: 'Start a refund' });
    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '50' } });
    fireEvent.change(within(form).getByLabelText(/^Refund to/), { target: { value: 'e9e5b807' } });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'returned' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Prepare the refund' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe(tooMuch.message);
    expect(alert.nextElementSibling).toBe(within(form).getByRole('button', { name: 'Prepare the refund' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
