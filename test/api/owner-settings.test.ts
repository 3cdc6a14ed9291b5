/**
 * Settings after first run belong to the owner: over the PosApi (the dispatcher both transports use),
 * settings.save needs an owner session once an owner PIN exists, a refused save changes nothing,
 * and a new PIN needs the current one (checked with the unlock lockout).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchPosCommand } from '../../electron/bridge/dispatch.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { startGateway, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway;

async function call(command: string, args: unknown = {}): Promise<any> {
  const outcome = await dispatchPosCommand(gw.core.handlers, command, args, silentLogger);
  if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
  return outcome.result;
}

beforeAll(async () => {
  gw = await startGateway();
});
afterAll(() => gw.close());

describe('settings.save and the owner', () => {
  it('first run is open to whoever installs: payee, gateway and the first PIN need no session', async () => {
    const saved = await call('settings.save', {
      payeeNetworkId: '7000101',
      quoteAssetId: 'usd',
      gateway: { kind: 'embedded' },
      ownerPin: '2468',
    });
    expect(saved).toMatchObject({ configured: true, ownerPinSet: true, shopName: 'Corner Café (demo shop)' });
  });

  it('after first run, a save without an owner session is refused and changes nothing', async () => {
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
        code: 'owner_required',
      });
      await expect(
        call('settings.save', { ...patch, token: 'f'.repeat(48) }),
        JSON.stringify(patch),
      ).rejects.toMatchObject({ code: 'owner_required' });
    }
    expect(await call('settings.get')).toEqual(before);
    // The old PIN still opens the owner area; the one a cashier tried to set does not.
    await expect(call('owner.unlock', { pin: '1111' })).rejects.toMatchObject({ code: 'owner_locked' });
    expect((await call('owner.unlock', { pin: '2468' })).token).toMatch(/^[0-9a-f]{48}$/);
  });

  it('the rails (where the shop money is watched) are neither read nor saved without an owner session', async () => {
    const config = { chains: [] };
    for (const token of ['f'.repeat(48), '']) {
      await expect(call('owner.rails', { token })).rejects.toMatchObject({
        code: expect.stringMatching(/owner_locked|invalid_args/),
      });
      await expect(call('owner.saveRails', { token, config })).rejects.toMatchObject({
        code: expect.stringMatching(/owner_locked|invalid_args/),
      });
    }
  });

  it('with an owner session the owner changes the shop, the currency and the gateway', async () => {
    const { token } = await call('owner.unlock', { pin: '2468' });
    const saved = await call('settings.save', {
      token,
      shopName: 'Corner Café',
      quoteAssetId: 'eur',
      publicCallbackUrl: 'https://shop.example/cb',
    });
    expect(saved).toMatchObject({
      shopName: 'Corner Café',
      quoteAssetId: 'eur',
      publicCallbackUrl: 'https://shop.example/cb',
    });
    const back = await call('settings.save', { token, quoteAssetId: 'usd', gateway: { kind: 'embedded' } });
    expect(back).toMatchObject({ quoteAssetId: 'usd', gateway: { kind: 'embedded' } });
    // A locked session is no session.
    await call('owner.lock', { token });
    await expect(call('settings.save', { token, shopName: 'After lock' })).rejects.toMatchObject({
      code: 'owner_required',
    });
    expect((await call('settings.get')).shopName).toBe('Corner Café');
  });

  it('a new PIN needs the current one: missing or wrong is refused, the right one changes it', async () => {
    const { token } = await call('owner.unlock', { pin: '2468' });
    await expect(call('settings.save', { token, ownerPin: '1357' })).rejects.toMatchObject({
      code: 'wrong_pin',
      field: 'currentPin',
    });
    await expect(call('settings.save', { token, ownerPin: '1357', currentPin: '0000' })).rejects.toMatchObject({
      code: 'wrong_pin',
      field: 'currentPin',
    });
    // Nothing changed: the old PIN still works, the new one does not.
    await expect(call('owner.unlock', { pin: '1357' })).rejects.toMatchObject({ code: 'owner_locked' });
    await call('owner.unlock', { pin: '2468' });
    const saved = await call('settings.save', { token, ownerPin: '1357', currentPin: '2468' });
    expect(saved.ownerPinSet).toBe(true);
    expect(JSON.stringify(saved)).not.toContain('1357');
    await expect(call('owner.unlock', { pin: '2468' })).rejects.toMatchObject({ code: 'owner_locked' });
    expect((await call('owner.unlock', { pin: '1357' })).token).toMatch(/^[0-9a-f]{48}$/);
  });

  it('wrong current PINs count toward the same lockout as unlock', async () => {
    const { token } = await call('owner.unlock', { pin: '1357' });
    for (let i = 0; i < 4; i++)
      await expect(call('settings.save', { token, ownerPin: '9999', currentPin: '0000' })).rejects.toMatchObject({
        code: 'wrong_pin',
      });
    await expect(call('owner.unlock', { pin: '0000' })).rejects.toMatchObject({
      code: 'owner_locked',
      message: expect.stringMatching(/locked for 1 minute/),
    });
    // Locked: even the right PIN is refused, for unlock and for a PIN change.
    await expect(call('owner.unlock', { pin: '1357' })).rejects.toMatchObject({ code: 'owner_locked' });
    await expect(call('settings.save', { token, ownerPin: '9999', currentPin: '1357' })).rejects.toMatchObject({
      code: 'owner_locked',
      field: 'currentPin',
    });
  });
});
