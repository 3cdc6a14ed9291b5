/**
 * A till with only its till key sees only itself on the shop server: the owner's review says "this
 * till (its name)" and labels nothing "whole shop"; with the merchant key it is the whole shop.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PosApiContext } from '../../renderer/app/api-context.js';
import { ShopView } from '../../renderer/screens/owner/ShopView.js';
import type { PosApi, TillSettings } from '../../shared/posapi.js';

const settings = { locale: 'en-US', timeZone: 'UTC' } as TillSettings;
const bar = {
  tillId: 't-bar',
  name: 'Back bar',
  count: 1,
  paid: [{ quoteAssetId: 'usd', symbol: 'USD', amount: '3.3', count: 1 }],
  received: [],
};

function api(scope: 'shop' | 'till'): PosApi {
  const total = scope === 'till' ? bar : { ...bar, tillId: 'shop', name: '', count: 3 };
  const answers: Record<string, unknown> = {
    'shop.report': {
      day: '2026-11-25',
      tillId: '',
      scope,
      tills: [bar],
      count: 1,
      paid: bar.paid,
      byStatus: [],
      items: [],
      page: 1,
      pages: 1,
    },
    'shop.close': { day: '2026-11-25', tillId: '', scope, tills: [bar], total, byStatus: [] },
  };
  return { call: async (command: string) => answers[command], on: () => () => undefined } as unknown as PosApi;
}

function show(scope: 'shop' | 'till') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PosApiContext.Provider value={api(scope)}>
        <ShopView day="2026-11-25" settings={settings} />
      </PosApiContext.Provider>
    </QueryClientProvider>,
  );
}

describe("the owner's shop review and close of day", () => {
  it('with only a till key: this till by name, nothing called the whole shop', async () => {
    show('till');
    expect(
      await screen.findByRole('heading', { name: 'Close of day of this till (Back bar): 2026-11-25' }),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'This till on the shop server' })).toBeTruthy();
    expect(screen.queryByText(/whole shop/i)).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it('with the merchant key: the whole shop, with its total row', async () => {
    show('shop');
    expect(await screen.findByRole('heading', { name: 'Close of day of the whole shop: 2026-11-25' })).toBeTruthy();
    expect(await screen.findByRole('rowheader', { name: 'Whole shop' })).toBeTruthy();
  });
});
