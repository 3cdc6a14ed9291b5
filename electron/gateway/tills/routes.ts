/**
 * Till management and the merchant report (docs/api.md, "Tills" and "Merchant report"). Registering,
 * listing and revoking tills needs the merchant key; a till key never manages tills. The report takes
 * either: a till key sees only its own till.
 */
import type { FastifyInstance } from 'fastify';
import { GatewayError, paramError } from '../errors.js';
import { requestParams } from '../http.js';
import { isUuid, ParamReader } from '../params.js';
import type { MerchantReport } from '../report/report.js';
import { readReportQuery } from '../report/range.js';
import type { RouteHelpers } from '../routes.js';
import type { TillStore } from './store.js';

export const TILL_NAME_MAX = 60;

export interface TillRouteDeps {
  tills: TillStore;
  report: MerchantReport;
  now: () => number;
  write: <T>(work: () => T) => Promise<T>;
}

export function registerTillRoutes(app: FastifyInstance, helpers: RouteHelpers, deps: TillRouteDeps): void {
  const { ok, merchantOnly } = helpers;
  const { tills, write } = deps;
  app.post('/v1/merchant/tills', async (request, reply) => {
    merchantOnly(request);
    const name = new ParamReader(requestParams(request)).text('name', TILL_NAME_MAX);
    if (!name) throw paramError('name', 'is required');
    return ok(reply, await write(() => tills.register(name, deps.now())));
  });
  app.get('/v1/merchant/tills', async (request, reply) => {
    merchantOnly(request);
    return ok(reply, tills.list());
  });
  app.post<{ Params: { id: string } }>('/v1/merchant/tills/:id/revoke', async (request, reply) => {
    merchantOnly(request);
    const tillId = request.params.id.trim().toLowerCase();
    if (!isUuid(tillId)) throw paramError('tillId', 'must be a UUID');
    return ok(reply, await write(() => tills.revoke(tillId, deps.now())));
  });
  app.get('/v1/merchant/report', async (request, reply) => {
    const ownTill = helpers.tillOrMerchant(request);
    const query = readReportQuery(requestParams(request));
    if (ownTill !== '') {
      if (query.tillId !== undefined && query.tillId !== ownTill)
        throw GatewayError.of('merchantKey', 'tillId: a till key sees only its own till; use the merchant key');
      query.tillId = ownTill;
    }
    return ok(reply, deps.report.read(query));
  });
}
