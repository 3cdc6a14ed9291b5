/**
 * The owner's "Money to resolve" when its list cannot be read (the gateway down, or answering 500 as
 * /v1/merchant/to_resolve once did): the panel says so in the till's language instead of showing
 * nothing, so an owner never takes a missing list for "nothing to resolve".
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../../shared/i18n/locales/de/till.json' with { type: 'json' };
import deErrors from '../../shared/i18n/locales/de/errors.json' with { type: 'json' };
import { PosCallError } from '../../renderer/api/pos-client.js';
import { PosApiContext } from '../../renderer/app/api-context.js';
import { addLoader, setLanguage } from '../../renderer/i18n/i18n.js';
import { ToResolvePanel } from '../../renderer/screens/refunds/ToResolvePanel.js';
import type { PosApi } from '../../shared/posapi.js';

addLoader('till', async (language) => (language === 'de' ? de : undefined));
addLoader('errors', async (language) => (language === 'de' ? deErrors : undefined));

const unreachable = {
  code: 'gateway_unreachable',
  message: 'The gateway cannot be reached. connect ECONNREFUSED 127.0.0.1:9',
  key: 'gateway_unreachable',
  params: { detail: 'connect ECONNREFUSED 127.0.0.1:9' },
};

/** A PosApi whose `owner.toResolve` answers `answer` (a refusal when it is one). */
function api(answer: unknown): PosApi {
  return {
    call: async (command: string) => {
      if (command !== 'owner.toResolve') throw new Error(`unexpected ${command}`);
      if (answer instanceof Error) throw answer;
      return answer;
    },
    on: () => () => undefined,
  } as unknown as PosApi;
}

function show(posApi: PosApi) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PosApiContext.Provider value={posApi}>
        <ToResolvePanel locale="en-US" onOpen={() => undefined} />
      </PosApiContext.Provider>
    </QueryClientProvider>,
  );
}

describe('money to resolve that cannot be read', () => {
  afterEach(() => act(() => setLanguage('en')));

  it('says the list could not be read, with the reason, under its heading', async () => {
    show(api(new PosCallError(unreachable)));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The money to resolve could not be read: The gateway cannot be reached. connect ECONNREFUSED 127.0.0.1:9',
    );
    expect(screen.getByRole('heading', { name: 'Money to resolve' })).toBeTruthy();
    expect(screen.queryByText('No received money waiting to be refunded or kept.')).toBeNull();
  });

  it("says it in the till's language", async () => {
    await act(() => setLanguage('de'));
    show(api(new PosCallError(unreachable)));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Das zu klärende Geld konnte nicht gelesen werden: /);
    expect(alert.textContent).not.toContain('The gateway cannot be reached');
  });

  it('an empty list still reads "nothing to resolve", with no alert', async () => {
    show(api([]));
    expect(await screen.findByText('No received money waiting to be refunded or kept.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
