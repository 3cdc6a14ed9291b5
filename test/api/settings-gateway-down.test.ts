/**
 * Setup saves what is local while the hosted gateway is down (tester's report): the language changes
 * with the same gateway and payee; a changed payee still needs the gateway and is refused, nothing lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchPosCommand } from '../../electron/bridge/dispatch.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { startGateway, type TestGateway } from '../helpers/gateway.js';

let server: TestGateway;
let till: TestGateway;

async function call(command: string, args: unknown = {}): Promise<any> {
  const outcome = await dispatchPosCommand(till.core.pos, command, args, silentLogger);
  if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
  return outcome.result;
}

beforeAll(async () => {
  [server, till] = await Promise.all([startGateway(), startGateway()]);
  const gateway = { kind: 'hosted', baseUrl: server.url, merchantKey: server.merchantKey };
  await call('settings.save', { payeeNetworkId: '7000101', ownerPin: '2468', timeZone: 'UTC', gateway });
  await call('staff.signIn', { accountId: 'owner', pin: '2468' });
  await server.close();
});
afterAll(async () => {
  await till?.close();
});

describe('Setup with the gateway down', () => {
  it('saves the language with the same gateway and payee', async () => {
    await call('settings.save', {
      payeeNetworkId: '7000101',
      language: 'es',
      gateway: { kind: 'hosted', baseUrl: server.url },
    });
    expect((await call('settings.get')).language).toBe('es');
  });

  it('refuses a changed payee, keeping what was stored', async () => {
    await expect(call('settings.save', { payeeNetworkId: '7000102', language: 'fr' })).rejects.toBeTruthy();
    const settings = await call('settings.get');
    expect(settings.payee.networkId).toBe('7000101');
    expect(settings.language).toBe('es');
  });
});
