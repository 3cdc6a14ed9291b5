/**
 * The payment endpoints (docs/api.md, "Creating a payment", "Results and statuses" and "One-time
 * payments"). Writes go through the group commit (`write`); reads answer from the committed state
 * at once. The create and the result read are the hot paths: thin adapters, nothing more.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Payment } from '../../../shared/wire.js';
import { requestParams, type Params } from '../http.js';
import type { Payments } from '../payments/payments.js';
import type { RouteHelpers } from '../routes.js';

export interface PaymentRouteDeps {
  payments: Payments;
  /** Records which till created a payment (docs/api.md, "Tills"). */
  tillOfPayment: (traceId: string, tillId: string) => void;
  /** The result of a payment, as GET /v1/payments_result answers it. */
  result: (params: Params) => unknown;
  /** Runs a write in the next group commit (electron/platform/group-commit.ts). */
  write: <T>(work: () => T, ip?: string) => Promise<T>;
}

export function registerPaymentRoutes(app: FastifyInstance, helpers: RouteHelpers, deps: PaymentRouteDeps): void {
  const { payments, write } = deps;
  const { ok } = helpers;
  app.post('/v1/payments', async (request, reply) => {
    const tillId = helpers.creatingTill(request);
    const params = requestParams(request);
    const created = (): Payment => {
      const payment = payments.create(params);
      deps.tillOfPayment(payment.traceId, tillId);
      return payment;
    };
    return ok(reply, await write(created, request.ip));
  });
  app.get('/v1/payments_info', async (request, reply) => ok(reply, payments.info(requestParams(request))));
  app.post('/v1/payments/refresh', async (request, reply) => {
    const params = requestParams(request);
    return ok(reply, await write(() => payments.refresh(params), request.ip));
  });
  app.get('/v1/payments_estimated', async (request, reply) => ok(reply, payments.estimate(requestParams(request))));
  // The busiest endpoint answers synchronously: an async handler costs a promise and a microtask turn
  // per request. Fastify treats a throw here as an async handler's rejection (the error envelope);
  // the handler returns nothing, as fastify would take a returned reply for a second send.
  app.get('/v1/payments_result', (request, reply) => {
    void ok(reply, deps.result(requestParams(request)));
  });
  const oneTime = async (request: FastifyRequest, reply: FastifyReply) => {
    const tillId = helpers.creatingTill(request);
    const params = requestParams(request);
    const created = () => {
      const code = payments.oneTime(params);
      deps.tillOfPayment(String(code.info.traceId), tillId);
      return code;
    };
    return ok(reply, await write(created, request.ip));
  };
  app.post('/v1/one_time_payment', oneTime);
  app.post('/one_time_payment', oneTime);
}
