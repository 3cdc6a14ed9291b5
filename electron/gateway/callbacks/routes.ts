/**
 * The delivery log and redelivery, merchant operations (docs/api.md, "Callbacks" and "Merchant
 * operations"): what was sent for a payment, each attempt's outcome, and a new round on request.
 */
import type { FastifyInstance } from 'fastify';
import { GatewayError, paramError } from '../errors.js';
import { requestParams } from '../http.js';
import { ParamReader } from '../params.js';
import type { RouteHelpers } from '../routes.js';
import type { CallbackStore } from './store.js';

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
    helpers.tillOrMerchant(request);
    const traceId = deps.traceOf(requestParams(request));
    return helpers.ok(reply, deps.callbacks.listByTrace(traceId));
  });
  app.post('/v1/callbacks/redeliver', async (request, reply) => {
    helpers.tillOrMerchant(request);
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
