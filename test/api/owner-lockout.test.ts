/**
 * The PIN lockout is kept in till.db per account: five wrong PINs lock the owner account for a
 * minute, the fifth answer says so, a restart of the core on the same data directory keeps it, and
 * once the minute has passed on the till's clock the right PIN signs the owner in again.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchPosCommand } from '../../electron/bridge/dispatch.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { startGateway, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway | undefined;

async function call(command: string, args: unknown = {}): Promise<any> {
  const outcome = await dispatchPosCommand(gw!.core.pos, command, args, silentLogger);
  if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
  return outcome.result;
}

const signIn = (pin: string) => call('staff.signIn', { accountId: 'owner', pin });

afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => gw?.close());

describe('PIN lockout', () => {
  it('five wrong PINs lock the owner account for a minute, across a restart, then the right PIN opens it', async () => {
    gw = await startGateway();
    const { dataDir } = gw;
    await call('settings.save', { payeeNetworkId: '7000101', ownerPin: '2468' });
    for (let i = 1; i <= 4; i++)
      await expect(signIn('1111')).rejects.toMatchObject({
        code: 'wrong_pin',
        message: 'That PIN is not right.',
      });
    await expect(signIn('1111')).rejects.toMatchObject({
      code: 'account_locked',
      field: 'pin',
      message: expect.stringMatching(/locked for 1 minute/),
    });
    await expect(signIn('2468')).rejects.toMatchObject({
      code: 'account_locked',
      message: expect.stringMatching(/locked/),
    });
    const lockedAt = Date.now();

    await gw.close();
    gw = await startGateway({ dataDir });
    await expect(signIn('2468')).rejects.toMatchObject({
      code: 'account_locked',
      message: expect.stringMatching(/locked/),
    });

    // The till's clock is the system clock (compose gives the till systemClock): move it past the minute.
    vi.setSystemTime(lockedAt + 61_000);
    expect(await signIn('2468')).toMatchObject({ accountId: 'owner', role: 'owner' });
  });
});
