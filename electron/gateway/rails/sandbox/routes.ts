/**
 * The sandbox network's routes (docs/api.md, "Sandbox"): payers' transfers and deposits, mined
 * blocks, reorganisations and the movable clock. They exist only in sandbox mode, need no key, and
 * answer with the envelope.
 */
import type { FastifyInstance } from 'fastify';
import { compare, multiply } from '../../../../shared/money.js';
import type { MovableClock } from '../../../platform/clock.js';
import { GatewayError, paramError } from '../../errors.js';
import { requestParams } from '../../http.js';
import { ParamReader } from '../../params.js';
import type { RouteHelpers } from '../../routes.js';
import type { SandboxRail } from './rail.js';

export interface SandboxRouteDeps {
  rail: SandboxRail;
  clock: MovableClock | undefined;
  /** Processes everything due now (deadlines, settlements) and starts due callback attempts. */
  catchUp: () => number;
}

/** Ten years: further than any deadline or retry the sandbox could need to reach. */
const MAX_ADVANCE_SECONDS = String(10 * 365 * 86400);

export function registerSandboxRoutes(app: FastifyInstance, helpers: RouteHelpers, deps: SandboxRouteDeps): void {
  const { rail } = deps;
  app.post('/v1/sandbox/transfers', async (request, reply) => {
    const p = new ParamReader(requestParams(request));
    const recipient = p.required('recipient');
    const asset = p.uuid('asset') ?? p.required('asset');
    const amount = p.amount('amount');
    if (!amount) throw paramError('amount', 'is required');
    const trace = p.uuid('trace');
    if (!trace) throw paramError('trace', 'is required');
    // Kept in the ledger even when it matches no payment: bounded like a settlement memo.
    const memo = p.text('memo', 200);
    if (!memo) throw paramError('memo', 'is required');
    return helpers.ok(reply, rail.transfer({ recipient, asset, amount, trace, memo }));
  });

  app.post('/v1/sandbox/deposits', async (request, reply) => {
    const p = new ParamReader(requestParams(request));
    const destination = p.required('destination');
    const tag = p.raw('tag') ?? '';
    const asset = p.uuid('asset') ?? p.required('asset');
    const amount = p.amount('amount');
    if (!amount) throw paramError('amount', 'is required');
    return helpers.ok(reply, rail.deposit({ destination, tag, asset, amount }));
  });

  app.get('/v1/sandbox/networks', async (_request, reply) => helpers.ok(reply, rail.networks()));

  app.post('/v1/sandbox/blocks', async (request, reply) => {
    const p = new ParamReader(requestParams(request));
    const network = p.required('network');
    const count = p.integer('count') ?? 1;
    if (count < 1 || count > 10_000) throw paramError('count', 'must be a whole number from 1 to 10000');
    const mined = rail.mine(network, count);
    deps.catchUp();
    return helpers.ok(reply, mined);
  });

  app.post('/v1/sandbox/reorg', async (request, reply) => {
    const p = new ParamReader(requestParams(request));
    return helpers.ok(reply, rail.drop(p.required('txid')));
  });

  app.get('/v1/sandbox/clock', async (_request, reply) =>
    helpers.ok(reply, { nowMs: (deps.clock ?? { now: () => Date.now() }).now() }),
  );

  app.post('/v1/sandbox/clock', async (request, reply) => {
    const p = new ParamReader(requestParams(request));
    // The clock moves in whole milliseconds: a finer move would be none, and the clock refuses that.
    const seconds = p.amount('advanceSeconds', 3);
    if (!seconds) throw paramError('advanceSeconds', 'is required');
    if (compare(seconds, MAX_ADVANCE_SECONDS) > 0)
      throw paramError('advanceSeconds', 'must be at most ten years (315360000 seconds)');
    if (!deps.clock) throw GatewayError.of('serverError', 'this gateway runs on a fixed clock');
    deps.clock.advance(Number(multiply(seconds, '1000')));
    // Everything that fell due is processed before the answer (docs/api.md, "Sandbox").
    const processed = deps.catchUp();
    return helpers.ok(reply, { nowMs: deps.clock.now(), processed });
  });
}
