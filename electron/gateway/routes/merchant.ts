/**
 * Merchant operations with the merchant key (docs/api.md, "Merchant operations"): cancel, payee
 * registration, the settings and the price table. The price table is readable by anyone.
 */
import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Catalog } from '../catalog.js';
import { paramError } from '../errors.js';
import { requestParams, type Params } from '../http.js';
import { ParamReader } from '../params.js';
import type { Payees } from '../payees.js';
import type { DbRates } from '../rates.js';
import type { RouteHelpers } from '../routes.js';
import type { SettingsStore } from '../settings.js';

export interface MerchantRouteDeps {
  clock: Clock;
  catalog: Catalog;
  payees: Payees;
  rates: DbRates;
  /** A price as GET /v1/rates shows it: what a quote would use now, and why not when it cannot. */
  readRate: (key: string) => Record<string, unknown>;
  settings: SettingsStore;
  /** Real wall-clock time: when a price was set (its age is measured on it). */
  realNow: () => number;
  cancel: (params: Params) => unknown;
  write: <T>(work: () => T, ip?: string) => Promise<T>;
}

export function registerMerchantRoutes(app: FastifyInstance, helpers: RouteHelpers, deps: MerchantRouteDeps): void {
  const { catalog, write } = deps;
  const { ok, merchantOnly } = helpers;
  app.post('/v1/payments/cancel', async (request, reply) => {
    helpers.tillOrMerchant(request);
    const params = requestParams(request);
    return ok(reply, await write(() => deps.cancel(params)));
  });
  app.post('/v1/payees', async (request, reply) => {
    merchantOnly(request);
    const p = new ParamReader(requestParams(request));
    return ok(reply, deps.payees.register(p.required('networkId'), p.required('fullName'), deps.clock.now()));
  });
  app.get('/v1/merchant/settings', async (request, reply) => {
    merchantOnly(request);
    return ok(reply, deps.settings.get());
  });
  app.post('/v1/merchant/settings', async (request, reply) => {
    merchantOnly(request);
    try {
      return ok(reply, deps.settings.update(request.body ?? {}));
    } catch (error) {
      if (error instanceof ZodError) {
        const issue = error.issues[0];
        throw paramError(issue?.path.join('.') || 'settings', issue?.message ?? 'invalid');
      }
      throw error;
    }
  });
  app.get('/v1/rates', async (_request, reply) =>
    ok(
      reply,
      [...catalog.fiats.keys(), ...catalog.assets.keys()].map((key) => ({ key, ...deps.readRate(key) })),
    ),
  );
  app.post('/v1/rates', async (request, reply) => {
    merchantOnly(request);
    const p = new ParamReader(requestParams(request));
    const key = p.required('key').toLowerCase();
    if (!catalog.fiats.has(key) && !catalog.assets.has(key))
      throw paramError('key', `${key} is neither a fiat code nor an asset id of this gateway`);
    const usdPrice = p.price('usdPrice');
    if (!usdPrice) throw paramError('usdPrice', 'is required');
    deps.rates.set(key, usdPrice, 'merchant', deps.realNow());
    return ok(reply, { key, ...deps.readRate(key) });
  });
}
