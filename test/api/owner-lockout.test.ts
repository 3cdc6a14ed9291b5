/**
 * The owner PIN lockout is kept in till.db per account: five wrong PINs lock the owner account for
 * a minute, the fifth answer says so, a restart of the core on the same data directory keeps it,
 * and once the minute has passed on the till's clock the right PIN opens the owner area again.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchPosCommand } from '../../electron/bridge/dispatch.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { startGateway, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway | undefined;

async function call(command: string, args: unknown = {}): Promise<any> {
  const outcome = await dispatchPosCommand(gw!.core.handlers, command, args, silentLogger);
  if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
  return outcome.result;
}

afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => gw?.close());

describe('owner PIN lockout', () => {
  it('five wrong PINs lock the owner account for a minute, across a restart, then the right PIN opens it', async () => {
    gw = await startGateway();
    const { dataDir } = gw;
    await call('settings.save', { payeeNetworkId: '7000101', ownerPin: '2468' });
    for (let i = 1; i <= 4; i++)
      await expect(call('owner.unlock', { pin: '1111' })).rejects.toMatchObject({
        code: 'owner_locked',
        message: 'That PIN is not right.',
      });
    await expect(call('owner.unlock', { pin: '1111' })).rejects.toMatchObject({
      code: 'owner_locked',
      field: 'pin',
      message: expect.stringMatching(/locked for 1 minute/),
    });
    await expect(call('owner.unlock', { pin: '2468' })).rejects.toMatchObject({
      code: 'owner_locked',
      message: expect.stringMatching(/locked/),
    });
    const lockedAt = Date.now();

    await gw.close();
    gw = await startGateway({ dataDir });
    await expect(call('owner.unlock', { pin: '2468' })).rejects.toMatchObject({
      code: 'owner_locked',
      message: expect.stringMatching(/locked/),
    });

    // The till's clock is the system clock (compose gives the till systemClock): move it past the minute.
    vi.setSystemTime(lockedAt + 61_000);
    expect((await call('owner.unlock', { pin: '2468' })).token).toMatch(/^[0-9a-f]{48}$/);
  });
});
