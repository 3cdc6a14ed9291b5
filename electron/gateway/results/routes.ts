/**
 * Routes of the result engine that are not the spec's: the merchant's review decision, and the
 * sandbox network (transfers, deposits, blocks, clock), which exist only in sandbox mode.
 */
import type { FastifyInstance } from 'fastify';
import { compare, multiply } from '../../../shared/money.js';
import type { MovableClock } from '../../platform/clock.js';
import { GatewayError, paramError } from '../errors.js';
import { requestParams } from '../http.js';
import { ParamReader } from '../params.js';
import type { RouteHelpers } from '../routes.js';
import type { SandboxRail } from '../sandbox/rail.js';
import type { CallbackStore } from '../callbacks/store.js';

export interface ResultRouteDeps {
  /** Records a review decision; answers the result. */
  review: (params: Record<string, string>, decision: 'approve' | 'reject', reason: string, by: string) => unknown;
  write: <T>(work: () => T) => Promise<T>;
}

export function registerReviewRoute(app: FastifyInstance, helpers: RouteHelpers, deps: ResultRouteDeps): void {
  app.post('/v1/payments/review', async (request, reply) => {
    helpers.merchantOnly(request);
    const params = requestParams(request);
    const p = new ParamReader(params);
    const decision = p.required('decision').toLowerCase();
    if (decision !== 'approve' && decision !== 'reject') throw paramError('decision', 'must be approve or reject');
    const reason = p.text('reason', 200) ?? '';
    const by = p.text('by', 100) ?? 'merchant';
    return helpers.ok(reply, await deps.write(() => deps.review(params, decision, reason, by)));
  });
}

export interface CallbackRouteDeps {
  callbacks: CallbackStore;
  now: () => number;
  /** Wakes the dispatcher after a redeliver. */
  kick: () => void;
  /** Resolves a payment (traceId, or orderId + payeeId) to its trace; throws 10062 when unknown. */
  traceOf: (params: Record<string, string>) => string;
}

/** The delivery log and redelivery (merchant key). */
export function registerCallbackRoutes(app: FastifyInstance, helpers: RouteHelpers, deps: CallbackRouteDeps): void {
  app.get('/v1/callbacks', async (request, reply) => {
    helpers.merchantOnly(request);
    const traceId = deps.traceOf(requestParams(request));
    return helpers.ok(reply, deps.callbacks.listByTrace(traceId));
  });
  app.post('/v1/callbacks/redeliver', async (request, reply) => {
    helpers.merchantOnly(request);
    const deliveryId = new ParamReader(requestParams(request)).uuid('deliveryId');
    if (!deliveryId) throw paramError('deliveryId', 'is required');
    const existing = deps.callbacks.get(deliveryId);
    if (!existing) throw GatewayError.of('orderNotFound', `deliveryId: no delivery ${deliveryId}`);
    if (existing.status === 'pending')
      throw GatewayError.of(
        'cannotCancel',
        'deliveryId: the delivery is still being attempted; it can be redelivered once delivered or exhausted',
      );
    deps.callbacks.redeliver(deliveryId, deps.now());
    deps.kick();
    return helpers.ok(reply, deps.callbacks.get(deliveryId));
  });
}

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
    // Everything that fell due is processed before the answer (house rule).
    const processed = deps.catchUp();
    return helpers.ok(reply, { nowMs: deps.clock.now(), processed });
  });
}
