/**
 * Runs one PosApi command: validates its args with the contract's schema, then calls the
 * handler. Both transports (IPC and the host's HTTP bridge) go through here, so they behave alike.
 */
import { isPosCommand, PosError, posArgSchemas, type PosHandlers, type PosOutcome } from '../../shared/posapi.js';
import type { Logger } from '../platform/logger.js';

export async function dispatchPosCommand(
  handlers: PosHandlers,
  name: string,
  rawArgs: unknown,
  logger: Logger,
): Promise<PosOutcome> {
  if (!isPosCommand(name))
    return { ok: false, error: { code: 'unknown_command', message: `Unknown command: ${name}` } };
  const parsed = posArgSchemas[name].safeParse(rawArgs ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    return {
      ok: false,
      error: { code: 'invalid_args', message: `${field || 'arguments'}: ${issue?.message ?? 'invalid'}`, field },
    };
  }
  try {
    const handler = handlers[name] as (args: unknown) => Promise<unknown>;
    return { ok: true, result: await handler(parsed.data) };
  } catch (error) {
    if (error instanceof PosError) return { ok: false, error: error.toShape() };
    logger.error('pos command failed', { command: name, error: String(error) });
    return { ok: false, error: { code: 'internal', message: 'Something went wrong in the till. It has been logged.' } };
  }
}
