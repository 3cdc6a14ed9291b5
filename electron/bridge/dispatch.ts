/**
 * Runs one PosApi command: checks the connection's permission for it (the till's one table:
 * till/staff/permissions.ts), validates its args with the contract's schema, then calls the handler
 * with who calls. Both transports (IPC and the host's HTTP bridge) go through here, so they behave alike.
 */
import type { PosCaller } from '../../shared/posapi-staff.js';
import {
  isPosCommand,
  PosError,
  posArgSchemas,
  type PosCommand,
  type PosHandlers,
  type PosOutcome,
} from '../../shared/posapi.js';
import type { Logger } from '../platform/logger.js';
import { posErrorShape } from '../../shared/pos-error.js';
import { zodRefusal } from './zod-refusal.js';

/** What serves the PosApi: the handlers, and the permission check run before any of them. */
export interface PosService {
  handlers: PosHandlers;
  /** Throws a PosError (signed_out, forbidden) when the connection may not run the command. */
  authorize(command: PosCommand, connection: string): PosCaller;
  /** Whether the connection may hear orders' news (someone who may sell is signed in on it). */
  mayHearOrders(connection: string): boolean;
}

/** The connection of in-process callers (tests, tools); a window or the host's token is its own. */
export const LOCAL_CONNECTION = 'local';

function refusal(error: unknown, logger: Logger, name: string): PosOutcome {
  if (error instanceof PosError) return { ok: false, error: error.toShape() };
  logger.error('pos command failed', { command: name, error: String(error) });
  return { ok: false, error: posErrorShape('internal') };
}

export async function dispatchPosCommand(
  service: PosService,
  name: string,
  rawArgs: unknown,
  logger: Logger,
  connection: string = LOCAL_CONNECTION,
): Promise<PosOutcome> {
  if (!isPosCommand(name)) return { ok: false, error: posErrorShape('unknown_command', { command: name }) };
  let caller: PosCaller;
  try {
    caller = service.authorize(name, connection);
  } catch (error) {
    return refusal(error, logger, name);
  }
  const parsed = posArgSchemas[name].safeParse(rawArgs ?? {});
  if (!parsed.success) {
    return { ok: false, error: zodRefusal(parsed.error) };
  }
  try {
    const handler = service.handlers[name] as (args: unknown, caller: PosCaller) => Promise<unknown>;
    return { ok: true, result: await handler(parsed.data, caller) };
  } catch (error) {
    return refusal(error, logger, name);
  }
}
