/**
 * Setup with several fields wrong at once: Save marks every one of them (aria-invalid, its own message
 * beside it, named by aria-describedby), the focus goes to the first, and nothing is saved. At first
 * run an empty form shows nothing until Save is pressed.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/app/App.js';
import { useCashier } from '../../renderer/state/cashier.js';
import { CONFIGURED as configured, fakeSetupApi as fakeApi } from '../helpers/setup-api.js';

/** The message beside an input that says what is wrong (the "-problem" id in its aria-describedby). */
function problemOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-problem'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

beforeEach(() => useCashier.setState({ screen: 'setup' }));

describe('Setup marks every invalid field at once', () => {
  it('after first run: four wrong fields are all marked with their words, the first has the focus, nothing saved', async () => {
    const { api, saved } = fakeApi(configured);
    render(<App api={api} />);
    await screen.findByRole('heading', { name: 'Set up the shop' });
    const networkId = screen.getByLabelText('Shop network id');
    const timeToPay = screen.getByLabelText(/^Time to pay/);
    const newPin = screen.getByLabelText('New owner PIN (4 to 8 digits; leave empty to keep it)');
    const currentPin = screen.getByLabelText('Current owner PIN (needed for a new PIN)');
    fireEvent.change(networkId, { target: { value: '' } });
    fireEvent.change(timeToPay, { target: { value: '0' } });
    fireEvent.change(newPin, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    for (const input of [networkId, timeToPay, newPin, currentPin])
      expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('To save: look up the shop network id (digits only).')).toBeTruthy();
    expect(problemOf(timeToPay)).toBe('To save: time to pay must be 1 to 2879 minutes.');
    expect(problemOf(newPin)).toBe('To save: the owner PIN must be 4 to 8 digits, or empty.');
    expect(problemOf(currentPin)).toBe('To save a new PIN: type the current one (4 to 8 digits).');
    expect(document.activeElement).toBe(networkId);
    // After Save, the line beside it is an error, not the grey hint it is while the owner types.
    expect(screen.getByText('To save: correct the marked fields.').className).toBe('error');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saved).toHaveLength(0);

    // Put right one by one: each mark goes with its problem, and then Save saves.
    fireEvent.change(networkId, { target: { value: '7000101' } });
    fireEvent.change(timeToPay, { target: { value: '20' } });
    expect(timeToPay.getAttribute('aria-invalid')).toBe('false');
    expect(newPin.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(newPin, { target: { value: '1357' } });
    fireEvent.change(currentPin, { target: { value: '2468' } });
    expect(currentPin.getAttribute('aria-invalid')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ payeeNetworkId: '7000101', timeToPayMinutes: 20, ownerPin: '1357' });
  });

  it('a hosted gateway without a URL is marked too, beside the others', async () => {
    const { api, saved } = fakeApi(configured);
    render(<App api={api} />);
    await screen.findByRole('heading', { name: 'Set up the shop' });
    fireEvent.click(screen.getByLabelText('Hosted gateway'));
    fireEvent.change(screen.getByLabelText(/^Time to pay/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const url = screen.getByLabelText('Hosted gateway URL');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(problemOf(url)).toBe('To save: type the hosted gateway URL (https://…).');
    expect(screen.getByLabelText(/^Time to pay/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Time to pay/));
    expect(saved).toHaveLength(0);
  });

  it('first run: the empty form shows no problem until Save, then marks the network id and takes the focus there', async () => {
    const { api, saved } = fakeApi({ ...configured, configured: false, payee: null, ownerPinSet: false });
    render(<App api={api} />);
    await screen.findByRole('heading', { name: 'Set up the shop' });
    const networkId = screen.getByLabelText('Shop network id');
    expect(networkId.getAttribute('aria-invalid')).toBe('false');
    fireEvent.change(screen.getByLabelText(/^Time to pay/), { target: { value: '9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(networkId.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Time to pay/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(networkId);
    expect(saved).toHaveLength(0);
  });
});
