/**
 * Settings after first run belong to the owner: over the PosApi (the dispatcher both transports use),
 * settings.save needs the owner signed in once the owner account exists, a refused save changes
 * nothing, and a new PIN needs the current one (checked with the sign-in lockout).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway } from '../helpers/gateway.js';
import { tillCommands, type TillCall } from '../helpers/till-commands.js';

let gw: TestGateway;
let call: TillCall;
const signIn = (pin: string) => call('staff.signIn', { accountId: 'owner', pin });

beforeAll(async () => {
  gw = await startGateway();
  call = tillCommands(gw);
});
afterAll(() => gw.close());

describe('settings.save and the owner', () => {
  it('first run is open to whoever installs: payee, gateway and the first PIN (the owner account) need no session', async () => {
    const saved = await call('settings.save', {
      payeeNetworkId: '7000101',
      quoteAssetId: 'usd',
      gateway: { kind: 'embedded' },
      ownerPin: '2468',
    });
    expect(saved).toMatchObject({ configured: true, ownerPinSet: true, shopName: 'Corner Café (demo shop)' });
    // Whoever made the owner account is signed in as the owner.
    expect(await call('staff.session')).toMatchObject({ accountId: 'owner', role: 'owner' });
  });

  it('after first run, a save without an owner session is refused and changes nothing', async () => {
    await call('staff.lock');
    const before = await call('settings.get');
    const attempts: Record<string, unknown>[] = [
      { shopName: 'Cashier Inc' },
      { payeeNetworkId: '7000102' },
      { gateway: { kind: 'hosted', baseUrl: 'http://127.0.0.1:9/' } },
      { settlementAssetId: '4d8c508b-91c5-375b-92b0-ee702ed2dac5' },
      { quoteAssetId: 'eur' },
      { publicCallbackUrl: 'https://listener.example/cb' },
      { ownerPin: '1111' },
      { ownerPin: '1111', currentPin: '2468' },
    ];
    for (const patch of attempts) {
      await expect(call('settings.save', patch), JSON.stringify(patch)).rejects.toMatchObject({
        code: 'signed_out',
      });
    }
    expect(await call('settings.get')).toEqual(before);
    // The old PIN still signs the owner in; the one a cashier tried to set does not.
    await expect(signIn('1111')).rejects.toMatchObject({ code: 'wrong_pin' });
    expect(await signIn('2468')).toMatchObject({ accountId: 'owner', role: 'owner' });
  });

  it('the rails (where the shop money is watched) are neither read nor saved without the owner signed in', async () => {
    await call('staff.lock');
    await expect(call('owner.rails')).rejects.toMatchObject({ code: 'signed_out' });
    await expect(call('owner.saveRails', { config: { chains: [] } })).rejects.toMatchObject({ code: 'signed_out' });
  });

  it('with an owner session the owner changes the shop, the currency and the gateway', async () => {
    await signIn('2468');
    const saved = await call('settings.save', {
      shopName: 'Corner Café',
      quoteAssetId: 'eur',
      publicCallbackUrl: 'https://shop.example/cb',
    });
    expect(saved).toMatchObject({
      shopName: 'Corner Café',
      quoteAssetId: 'eur',
      publicCallbackUrl: 'https://shop.example/cb',
    });
    // A direction override would turn "Payments go to …" around and hide who is paid: refused, nothing changes.
    await expect(call('settings.save', { shopName: 'A\u202Eevil' })).rejects.toMatchObject({
      code: 'invalid_args',
      field: 'shopName',
    });
    expect((await call('settings.get')).shopName).toBe('Corner Café');
    const back = await call('settings.save', { quoteAssetId: 'usd', gateway: { kind: 'embedded' } });
    expect(back).toMatchObject({ quoteAssetId: 'usd', gateway: { kind: 'embedded' } });
    // A locked till is no session.
    await call('staff.lock');
    await expect(call('settings.save', { shopName: 'After lock' })).rejects.toMatchObject({
      code: 'signed_out',
    });
    expect((await call('settings.get')).shopName).toBe('Corner Café');
  });

  it('a new PIN needs the current one: missing or wrong is refused, the right one changes it', async () => {
    await signIn('2468');
    await expect(call('settings.save', { ownerPin: '1357' })).rejects.toMatchObject({
      code: 'wrong_pin',
      field: 'currentPin',
    });
    await expect(call('settings.save', { ownerPin: '1357', currentPin: '0000' })).rejects.toMatchObject({
      code: 'wrong_pin',
      field: 'currentPin',
    });
    // Nothing changed: the old PIN still works, the new one does not.
    await expect(signIn('1357')).rejects.toMatchObject({ code: 'wrong_pin' });
    await signIn('2468');
    const saved = await call('settings.save', { ownerPin: '1357', currentPin: '2468' });
    expect(saved.ownerPinSet).toBe(true);
    expect(JSON.stringify(saved)).not.toContain('1357');
    await expect(signIn('2468')).rejects.toMatchObject({ code: 'wrong_pin' });
    expect(await signIn('1357')).toMatchObject({ accountId: 'owner' });
  });

  it('wrong current PINs count toward the same lockout as sign-in', async () => {
    await signIn('1357');
    for (let i = 0; i < 4; i++)
      await expect(call('settings.save', { ownerPin: '9999', currentPin: '0000' })).rejects.toMatchObject({
        code: 'wrong_pin',
      });
    // The fifth wrong PIN (a PIN change's) locks the account: also the sign-in pad refuses it now.
    await expect(call('settings.save', { ownerPin: '9999', currentPin: '0000' })).rejects.toMatchObject({
      code: 'account_locked',
      message: expect.stringMatching(/locked for 1 minute/),
    });
    // Locked: even the right PIN is refused, for a PIN change and for sign-in.
    await expect(call('settings.save', { ownerPin: '9999', currentPin: '1357' })).rejects.toMatchObject({
      code: 'account_locked',
      field: 'currentPin',
    });
    await expect(signIn('1357')).rejects.toMatchObject({ code: 'account_locked' });
  });
});
