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
import type { TillSettings } from '../../shared/posapi.js';
import { CONFIGURED, fakeSetupApi } from '../helpers/setup-api.js';

const base: TillSettings = { ...CONFIGURED, localeChosen: false, language: 'en' };

/** Setup's API; `refuse` makes the main process refuse the locale, as it does one it does not know. */
function fakeApi(settings: TillSettings, refuse = false) {
  return fakeSetupApi(settings, (args) => {
    if (refuse)
      throw new PosCallError({
        code: 'invalid_args',
        message: 'locale: not a locale this system knows',
        field: 'locale',
      });
    return {
      ...settings,
      locale: (args.locale as string | undefined) || settings.locale,
      localeChosen: args.locale !== '',
    };
  });
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
    expect(saved[0]?.locale).toBe('');
  });

  it('a chosen locale is what Save sends', async () => {
    const { api, saved } = fakeApi(base);
    render(<App api={api} />);
    const field = (await screen.findByLabelText('Numbers and dates')) as HTMLSelectElement;
    fireEvent.change(field, { target: { value: 'de-CH' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.locale).toBe('de-CH');
  });

  it('shows a chosen locale, also one the list lacks, so a save keeps it', async () => {
    const { api, saved } = fakeApi({ ...base, locale: 'sv-FI', localeChosen: true });
    render(<App api={api} />);
    const field = (await screen.findByLabelText('Numbers and dates')) as HTMLSelectElement;
    expect(field.value).toBe('sv-FI');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.locale).toBe('sv-FI');
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
