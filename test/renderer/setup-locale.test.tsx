/**
 * Setup's number and date format (the `locale` setting): "Same as the language" by default, the common
 * locales by name with a sample, a chosen one kept; what Save sends. The main process's check is in
 * test/api/locale-setting.test.ts.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/app/App.js';
import { PosCallError } from '../../renderer/api/pos-client.js';
import { useCashier } from '../../renderer/state/cashier.js';
import type { PosApi, TillSettings } from '../../shared/posapi.js';

const base: TillSettings = {
  configured: true,
  shopName: 'Corner Café',
  payee: { networkId: '7000101', payeeId: 'p', fullName: 'Corner Café' },
  quoteAssetId: 'usd',
  settlementAssetId: '',
  gateway: { kind: 'embedded' },
  locale: 'en-US',
  localeChosen: false,
  timeZone: 'UTC',
  publicCallbackUrl: '',
  ownerPinSet: true,
  idleLockMinutes: 5,
  timeToPayMinutes: 15,
  language: 'en',
};

function fakeApi(settings: TillSettings, refuse = false) {
  const saved: any[] = [];
  const api: PosApi = {
    call: (async (command: string, args: any) => {
      switch (command) {
        case 'app.info':
          return { name: 'Paydesk', version: '1', mode: 'sandbox', gatewayUrl: '', dataDir: '/d', shell: 'host' };
        case 'settings.get':
          return settings;
        case 'assets.quote':
        case 'assets.settlement':
          return [];
        case 'staff.session':
          return { accountId: 'owner', name: 'Owner', role: 'owner', permissions: ['setup'], idleLockMs: 300_000 };
        case 'settings.save':
          if (refuse)
            throw new PosCallError({
              code: 'invalid_args',
              message: 'locale: not a locale this system knows',
              field: 'locale',
            });
          saved.push(args);
          return { ...settings, locale: args.locale || settings.locale, localeChosen: args.locale !== '' };
        default:
          throw new Error(`unexpected ${command}`);
      }
    }) as PosApi['call'],
    subscribe: () => () => {},
  };
  return { api, saved };
}

beforeEach(() => useCashier.setState({ screen: 'setup' }));

describe("Setup's number and date format", () => {
  it('is "Same as the language" until chosen, and Save sends that', async () => {
    const { api, saved } = fakeApi(base);
    render(<App api={api} />);
    const field = (await screen.findByLabelText('Numbers and dates')) as HTMLSelectElement;
    expect(field.value).toBe('');
    const options = [...field.options];
    expect(options[0]!.textContent).toBe('Same as the language');
    // Each by its name in the language showing, with a sample of its amounts and dates.
    const swiss = options.find((o) => o.value === 'de-CH')!;
    expect(swiss.textContent).toContain('German (Switzerland)');
    expect(swiss.textContent).toContain('31.12.26');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].locale).toBe('');
  });

  it('a chosen locale is what Save sends', async () => {
    const { api, saved } = fakeApi(base);
    render(<App api={api} />);
    const field = (await screen.findByLabelText('Numbers and dates')) as HTMLSelectElement;
    fireEvent.change(field, { target: { value: 'de-CH' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].locale).toBe('de-CH');
  });

  it('shows a chosen locale, also one the list lacks, so a save keeps it', async () => {
    const { api, saved } = fakeApi({ ...base, locale: 'sv-FI', localeChosen: true });
    render(<App api={api} />);
    const field = (await screen.findByLabelText('Numbers and dates')) as HTMLSelectElement;
    expect(field.value).toBe('sv-FI');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].locale).toBe('sv-FI');
  });

  it('a refused locale is named on its field', async () => {
    const { api } = fakeApi({ ...base, locale: 'sv-FI', localeChosen: true }, true);
    render(<App api={api} />);
    const field = await screen.findByLabelText('Numbers and dates');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Numbers and dates');
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});
