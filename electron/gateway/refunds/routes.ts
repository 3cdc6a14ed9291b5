/**
 * The refund routes (docs/api.md, "Refunds" and "Money to resolve"), merchant operations with the
 * merchant key: ask for a refund, list and read them, enter the txid the owner's wallet sent, and
 * read what a payment (or every payment) has to resolve. In sandbox mode the merchant's simulated
 * wallet pays a refund (`POST /v1/sandbox/refunds/{id}/send`, no key, as the other sandbox routes).
 */
import type { FastifyInstance } from 'fastify';
import { requestParams } from '../http.js';
import type { RouteHelpers } from '../routes.js';
import type { MoneyToResolveReader } from './resolve.js';
import type { Refunds } from './refunds.js';

export interface RefundRouteDeps {
  refunds: Refunds;
  reader: MoneyToResolveReader;
  sandbox: boolean;
  write: <T>(work: () => T) => Promise<T>;
}

export function registerRefundRoutes(app: FastifyInstance, helpers: RouteHelpers, deps: RefundRouteDeps): void {
  const { ok, tillOrMerchant } = helpers;
  const { refunds, write } = deps;
  app.post('/v1/refunds', async (request, reply) => {
    tillOrMerchant(request);
    const params = requestParams(request);
    return ok(reply, await write(() => refunds.create(params)));
  });
  app.get('/v1/refunds', async (request, reply) => {
    tillOrMerchant(request);
    return ok(reply, refunds.list(requestParams(request)));
  });
  app.get<{ Params: { id: string } }>('/v1/refunds/:id', async (request, reply) => {
    tillOrMerchant(request);
    return ok(reply, refunds.get(request.params.id));
  });
  app.post<{ Params: { id: string } }>('/v1/refunds/:id/sent', async (request, reply) => {
    tillOrMerchant(request);
    const params = requestParams(request);
    return ok(reply, await write(() => refunds.sent(request.params.id, params)));
  });
  app.post<{ Params: { id: string } }>('/v1/refunds/:id/withdraw', async (request, reply) => {
    tillOrMerchant(request);
    const params = requestParams(request);
    return ok(reply, await write(() => refunds.withdraw(request.params.id, params)));
  });
  app.get('/v1/payments/resolve', async (request, reply) => {
    tillOrMerchant(request);
    return ok(reply, refunds.toResolve(requestParams(request)));
  });
  app.post('/v1/payments/keep', async (request, reply) => {
    tillOrMerchant(request);
    const params = requestParams(request);
    return ok(reply, await write(() => refunds.keep(params)));
  });
  app.get('/v1/merchant/to_resolve', async (request, reply) => {
    tillOrMerchant(request);
    return ok(reply, deps.reader.open());
  });
  if (deps.sandbox) {
    app.post<{ Params: { id: string } }>('/v1/sandbox/refunds/:id/send', async (request, reply) =>
      ok(reply, await write(() => refunds.sandboxSend(request.params.id))),
    );
  }
}
