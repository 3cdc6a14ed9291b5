/**
 * The owner's price sources panel (README "Price sources"): alerts first, each source's health with its
 * back-off and last error, the preset feeds added to the JSON, and a save sent to the main process;
 * and the rate lines of the receipt and payment detail.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PosApiContext } from '../../renderer/app/api-context.js';
import { RateLines } from '../../renderer/components/RateLines.js';
import { PricesPanel } from '../../renderer/screens/owner/PricesPanel.js';
import type { PosApi, PricesView, TillSettings } from '../../shared/posapi.js';

const view: PricesView = {
  available: true,
  reason: '',
  config: { refreshSeconds: 60, maxDisagreementPercent: '2', sources: [] },
  sources: [
    {
      id: 'ex',
      kind: 'spot',
      lastOkAgeSeconds: 7,
      lastOkAt: 1_800_000_000,
      lastError: 'HTTP 500',
      failures: 2,
      nextAttemptInSeconds: 240,
      prices: [{ key: 'eth', symbol: 'ETH', usdPrice: '3100.5', ageSeconds: 7, maxAgeSeconds: 120 }],
    },
  ],
  prices: [
    { key: 'usd', symbol: 'USD', usdPrice: '1', source: 'bundled', ageSeconds: 0, problem: '' },
    { key: 'eur', symbol: 'EUR', usdPrice: '', source: 'none', ageSeconds: 0, problem: 'no live price for EUR' },
    { key: 'eth-id', symbol: 'ETH', usdPrice: '3100.5', source: 'live', ageSeconds: 7, problem: '' },
  ],
  alerts: ['the price sources disagree on ETH by more than 2 % (a 3000, b 3300); no quote is made until they agree'],
};

function renderPanel(saved: unknown[]) {
  const api: PosApi = {
    call: (async (command: string, args: { config?: unknown }) => {
      if (command === 'owner.prices') return view;
      if (command === 'owner.savePrices') {
        saved.push(args.config);
        return view;
      }
      throw new Error(`unexpected ${command}`);
    }) as PosApi['call'],
    subscribe: () => () => {},
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PosApiContext.Provider value={api}>
        <PricesPanel />
      </PosApiContext.Provider>
    </QueryClientProvider>,
  );
}

describe('the price sources panel', () => {
  it('shows alerts and health, adds the preset feeds and saves', async () => {
    const saved: unknown[] = [];
    renderPanel(saved);
    expect((await screen.findByRole('alert')).textContent).toMatch(/disagree on ETH by more than 2 %/);
    expect(screen.getByText(/ex \(spot\): last answer 7 s ago, 2 failures in a row/).textContent).toMatch(
      /next attempt in 240 s · last error: HTTP 500/,
    );
    expect(screen.getByText('ETH 3100.5 USD, 7 s old')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add the Ethereum mainnet feeds (Chainlink)' }));
    const text = (screen.getByLabelText(/Price source configuration/) as HTMLTextAreaElement).value;
    expect(JSON.parse(text).sources[0]).toMatchObject({ kind: 'chainlink', network: 'Ethereum', chainId: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Save price sources' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0] as { sources: { feeds: unknown[] }[] }).sources[0]!.feeds.length).toBeGreaterThan(3);
    expect(await screen.findByText('Saved; every source was asked at once.')).toBeTruthy();
  });
});

describe('the guided additions', () => {
  it('add a fixed price and a spot source to the configuration that is saved', async () => {
    const saved: unknown[] = [];
    renderPanel(saved);
    const fixed = within((await screen.findByText(/A fixed price/)).closest('fieldset')!);
    fireEvent.change(fixed.getByLabelText('Price of'), { target: { value: 'eur' } });
    fireEvent.change(fixed.getByLabelText('USD per unit'), { target: { value: '1.08' } });
    fireEvent.click(fixed.getByRole('button', { name: 'Add to the configuration' }));
    const spot = within(screen.getByText(/spot-price endpoint/).closest('fieldset')!);
    fireEvent.change(spot.getByLabelText(/^URL/), { target: { value: 'https://ex.example/t?s={symbol}' } });
    fireEvent.change(spot.getByLabelText('Price of'), { target: { value: 'eth-id' } });
    fireEvent.change(spot.getByLabelText(/symbol \(e.g. ETHUSDT\)/), { target: { value: 'ETHUSDT' } });
    fireEvent.click(spot.getByRole('button', { name: 'Add to the configuration' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save price sources' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0] as { sources: unknown[] }).sources).toEqual([
      { id: 'fixed', kind: 'fixed', prices: [{ key: 'eur', usdPrice: '1.08' }] },
      {
        id: 'exchange',
        kind: 'spot',
        url: 'https://ex.example/t?s={symbol}',
        path: 'price',
        pairs: [{ key: 'eth-id', symbol: 'ETHUSDT' }],
      },
    ]);
  });
});

describe('the rate lines', () => {
  it('give the price, its source and the value received', () => {
    const settings = { locale: 'en-US', timeZone: 'UTC' } as TillSettings;
    render(
      <dl>
        <RateLines
          rate={{ price: '3200', source: 'ETH live (feeds)', at: 1_800_000_000, receivedQuoteAmount: '1234.5' }}
          asset="ETH"
          quote="USD"
          settings={settings}
        />
      </dl>,
    );
    expect(screen.getByText(/1 ETH = 3,200 USD/).textContent).toMatch(/ETH live \(feeds\), /);
    // The value received to the currency's minor unit, like the receipt's amount above it.
    expect(screen.getByText('1,234.50 USD')).toBeTruthy();
  });

  it("write the value received in the till's locale (de: 1.234,50 USD)", () => {
    const settings = { locale: 'de-DE', timeZone: 'UTC' } as TillSettings;
    render(
      <dl>
        <RateLines
          rate={{ price: '3200', source: 'feeds', at: 1_800_000_000, receivedQuoteAmount: '1234.5' }}
          asset="ETH"
          quote="USD"
          settings={settings}
        />
      </dl>,
    );
    expect(screen.getByText('1.234,50 USD')).toBeTruthy();
  });
});
