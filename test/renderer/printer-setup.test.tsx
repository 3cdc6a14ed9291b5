/**
 * Setup's receipt printer while the stored printer is still on its way (a slow or busy till): there is
 * no address field to type into until it answered, so its answer can never replace what the owner typed
 * (the address was wiped, and "Use this printer" saved none: the flaky display e2e); a later answer of
 * the same query (a refetch) leaves the form alone too. What is typed is what is saved.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PosApiContext } from '../../renderer/app/api-context.js';
import { PrinterSetup } from '../../renderer/printing/PrinterSetup.js';
import type { PosApi } from '../../shared/posapi.js';
import type { PrinterSettings } from '../../shared/posapi-printing.js';

function slowTill() {
  const answers: ((settings: PrinterSettings) => void)[] = [];
  const saved: unknown[] = [];
  const api = {
    call: (async (command: string, args: unknown) => {
      if (command === 'printer.get') return new Promise<PrinterSettings>((resolve) => answers.push(resolve));
      if (command === 'printer.save') {
        saved.push(args);
        return args;
      }
      throw new Error(`unexpected ${command}`);
    }) as PosApi['call'],
    subscribe: () => () => undefined,
  } as PosApi;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <PosApiContext.Provider value={api}>
      <QueryClientProvider client={client}>
        <PrinterSetup />
      </QueryClientProvider>
    </PosApiContext.Provider>,
  );
  const answer = async (settings: PrinterSettings) => {
    await waitFor(() => expect(answers.length).toBeGreaterThan(0));
    answers.shift()!(settings);
  };
  return { client, saved, answer };
}

const STORED: PrinterSettings = { target: '192.168.1.50', columns: 32, drawerAfterCash: false };

describe('Setup: the receipt printer form and the stored printer', () => {
  it('offers no address field until the stored printer answered, then starts from it', async () => {
    const till = slowTill();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByLabelText('Printer address')).toBeNull();
    await till.answer(STORED);
    const address = await screen.findByLabelText<HTMLInputElement>('Printer address');
    expect(address.value).toBe('192.168.1.50');
    fireEvent.change(address, { target: { value: '127.0.0.1:9100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use this printer' }));
    await screen.findByText('Printer saved.');
    expect(till.saved).toEqual([{ target: '127.0.0.1:9100', columns: 32, drawerAfterCash: false }]);
  });

  it('a later answer of the stored printer (a refetch) leaves what is being typed', async () => {
    const till = slowTill();
    await till.answer(STORED);
    const address = await screen.findByLabelText<HTMLInputElement>('Printer address');
    fireEvent.change(address, { target: { value: '10.0.0.7' } });
    void till.client.invalidateQueries({ queryKey: ['printer'] });
    await till.answer({ target: '', columns: 42, drawerAfterCash: false });
    await waitFor(() => expect(till.client.getQueryData<PrinterSettings>(['printer'])?.target).toBe(''));
    expect(address.value).toBe('10.0.0.7');
    fireEvent.click(screen.getByRole('button', { name: 'Use this printer' }));
    await screen.findByText('Printer saved.');
    expect(till.saved).toEqual([{ target: '10.0.0.7', columns: 32, drawerAfterCash: false }]);
  });
});
