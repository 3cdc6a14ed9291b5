/**
 * The till's commands as the api tests send them: through the PosApi dispatcher both transports use, to
 * an in-process gateway's till. A refusal rejects with an Error carrying the PosApi error's fields (code,
 * field...), so a test can `rejects.toMatchObject({ code })`.
 */
import { dispatchPosCommand } from '../../electron/bridge/dispatch.js';
import { silentLogger } from '../../electron/platform/logger.js';
import type { TestGateway } from './gateway.js';

/** One till command: its result, or a rejection with the refusal's message and fields. */
export type TillCall = (command: string, args?: unknown) => Promise<any>;

export function tillCommands(gw: Pick<TestGateway, 'core'>): TillCall {
  return async (command, args = {}) => {
    const outcome = await dispatchPosCommand(gw.core.pos, command, args, silentLogger);
    if (!outcome.ok) throw Object.assign(new Error(outcome.error.message), outcome.error);
    return outcome.result;
  };
}

/** First run of the demo shop (payee 7000101) with the owner's `pin`, then the owner signs in. */
export async function openAsOwner(call: TillCall, pin: string): Promise<void> {
  await call('settings.save', { payeeNetworkId: '7000101', ownerPin: pin });
  await call('staff.signIn', { accountId: 'owner', pin });
}
