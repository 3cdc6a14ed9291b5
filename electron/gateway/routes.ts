/**
 * The /v1 routes: thin adapters from HTTP to the gateway's modules, one group per concern under
 * routes/ (plus the result, callback and rail groups registered through `groups`). Parameters come
 * from `requestParams` (query + any body shape); answers go out in the envelope via `sendOk`; errors
 * are thrown as GatewayError and mapped by the error handler (docs/api.md, "Envelope and errors").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../platform/clock.js';
import { GatewayError } from './errors.js';
import { requestParams, sendOk, type Params } from './http.js';
import { isMerchantAuthorized } from './merchant-key.js';
import { ParamReader } from './params.js';
import type { Payees } from './payees.js';
import type { Payments } from './payments/payments.js';
import { RateLimiter } from './rate-limit.js';
import { registerAssetRoutes, type AssetRouteDeps } from './routes/assets.js';
import { registerMerchantRoutes, type MerchantRouteDeps } from './routes/merchant.js';
import { registerPaymentRoutes } from './routes/payments.js';
import { bearerOf, TILL_KEY_PREFIX, type TillStore } from './tills/store.js';

export interface RouteDeps extends Omit<AssetRouteDeps, 'pricing'>, Omit<MerchantRouteDeps, 'cancel'> {
  clock: Clock;
  payees: Payees;
  payments: Payments;
  merchantKey: string;
  /** Registered tills: their keys work for the operations a till needs (docs/api.md, "Tills"). */
  tills: TillStore;
  /** Records which till created a payment. */
  tillOfPayment: (traceId: string, tillId: string) => void;
  version: string;
  /** The result of a payment, as GET /v1/payments_result answers it. */
  result: (params: Params) => unknown;
  cancel: (params: Params) => unknown;
  /** Further route groups (review, callbacks, the rails') register themselves here. */
  groups: ((app: FastifyInstance, helpers: RouteHelpers) => void)[];
}

export interface RouteHelpers {
  /** The merchant key only: till management, settings, payees, prices, rails. */
  merchantOnly: (request: FastifyRequest) => void;
  /** The merchant key or a live till key: answers the till's id, '' for the merchant key. */
  tillOrMerchant: (request: FastifyRequest) => string;
  /**
   * Who creates a payment (no key is needed): a live till key answers its till's id, anything else
   * ''. A till key that is revoked or unknown is refused, so a revoked till stops at once.
   */
  creatingTill: (request: FastifyRequest) => string;
  ok: (reply: FastifyReply, data: unknown) => FastifyReply;
}

/**
 * Requests from other machines are limited (docs/api.md, "Envelope and errors"); loopback clients are
 * not, nor are the shop's own: a till on the LAN with its till key (or the merchant key) polls its
 * open orders and must never wait behind the limit to take a sale. `trusted` is asked only of a client
 * over the limit.
 */
function installRateLimit(app: FastifyInstance, trusted: (request: FastifyRequest) => boolean): void {
  const limiter = new RateLimiter(120);
  // A callback-style hook: an async one costs a promise per request on the hottest path.
  app.addHook('onRequest', (request, _reply, done) => {
    const limited =
      (request.url.startsWith('/v1') || request.url.startsWith('/one_time_payment')) &&
      !RateLimiter.isLoopback(request.ip) &&
      !limiter.take(request.ip) &&
      !trusted(request);
    done(limited ? GatewayError.of('rateLimited', 'Too many requests; slow down and retry') : undefined);
  });
}

/** A request carrying the merchant key or a live till key; a till key found live is remembered 5 s (gateway clock). */
function shopClients(deps: RouteDeps): (request: FastifyRequest) => boolean {
  const live = new Map<string, number>();
  return (request) => {
    const header = request.headers.authorization;
    if (isMerchantAuthorized(header, deps.merchantKey)) return true;
    const key = bearerOf(header);
    if (!key?.startsWith(TILL_KEY_PREFIX)) return false;
    const now = deps.clock.now();
    if ((live.get(key) ?? 0) > now) return true;
    if (!deps.tills.authenticate(key, now)) return false;
    if (live.size >= 1000) live.clear();
    live.set(key, now + 5000);
    return true;
  };
}

/** Payee lookup (public, no limit; `fullName` is an extra field the till shows) and sandbox registration. */
function registerPayeeRoutes(app: FastifyInstance, helpers: RouteHelpers, deps: RouteDeps): void {
  const { payees, clock } = deps;
  const lookup = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const payee = payees.lookup(request.params.id.trim());
    return helpers.ok(reply, { payeeId: payee.payeeId, fullName: payee.fullName });
  };
  app.get('/v1/user/network_uuid/:id', lookup);
  app.get('/v1/user/mixin_uuid/:id', lookup);
  // Sandbox users: registration without the merchant key, in sandbox mode only (docs/api.md, "Sandbox").
  if (deps.mode === 'sandbox') {
    app.post('/v1/sandbox/users', async (request, reply) => {
      const p = new ParamReader(requestParams(request));
      const payee = payees.register(p.required('networkId'), p.required('fullName'), clock.now());
      return helpers.ok(reply, { payeeId: payee.payeeId, networkId: payee.networkId });
    });
  }
}

const refused = (what: string) =>
  GatewayError.of('merchantKey', `Authorization: a valid ${what} is required (Authorization: Bearer <key>)`);
/** A `pdt_` key that no live till holds (revoked, or never issued): 2001, not the merchant key's 2000. */
const tillKeyRefused = () =>
  GatewayError.of('tillKey', 'Authorization: this till key is revoked or unknown; register the till again');
const isTillKey = (request: FastifyRequest) => bearerOf(request.headers.authorization)?.startsWith(TILL_KEY_PREFIX);

export function registerGatewayRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { clock, mode, tills } = deps;
  const isMerchant = (request: FastifyRequest) => isMerchantAuthorized(request.headers.authorization, deps.merchantKey);
  const tillOf = (request: FastifyRequest) => {
    const key = bearerOf(request.headers.authorization);
    return key === undefined ? undefined : tills.authenticate(key, clock.now());
  };
  const helpers: RouteHelpers = {
    ok: (reply, data) => sendOk(reply, clock, data),
    merchantOnly: (request) => {
      if (!isMerchant(request)) throw refused('merchant key');
    },
    tillOrMerchant: (request) => {
      if (isMerchant(request)) return '';
      const till = tillOf(request);
      if (!till) throw isTillKey(request) ? tillKeyRefused() : refused('merchant key or till key');
      return till.tillId;
    },
    creatingTill: (request) => {
      if (!isTillKey(request)) return '';
      const till = tillOf(request);
      if (!till) throw tillKeyRefused();
      return till.tillId;
    },
  };
  installRateLimit(app, shopClients(deps));
  app.get('/v1/health', async (_q, reply) => helpers.ok(reply, { status: 'ok', mode, version: deps.version }));
  registerPayeeRoutes(app, helpers, deps);
  registerAssetRoutes(app, helpers, { ...deps, pricing: deps.payments.pricing });
  registerPaymentRoutes(app, helpers, deps);
  registerMerchantRoutes(app, helpers, deps);
  for (const register of deps.groups) register(app, helpers);
}
