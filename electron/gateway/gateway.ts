/**
 * The embedded gateway: the service of gateway-spec.md. It knows nothing of the till and is
 * reached only over HTTP /v1. This module wires its parts over gateway.db and registers routes.
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayMode } from '../../shared/posapi.js';
import { isMovable, type Clock } from '../platform/clock.js';
import type { Db } from '../platform/db.js';
import type { IdSource } from '../platform/ids.js';
import type { Logger } from '../platform/logger.js';
import { Catalog, seedCatalog } from './catalog.js';
import { readMeta, writeMeta } from './db.js';
import { ParamReader } from './params.js';
import { Payees } from './payees.js';
import { Payments } from './payments.js';
import { PaymentsStore } from './payments-store.js';
import { DbRates } from './rates.js';
import { buildResult } from './result-view.js';
import { GroupCommit } from '../platform/group-commit.js';
import { registerGatewayRoutes, type RouteHelpers } from './routes.js';
import { SettingsStore } from './settings.js';
import { CallbackDispatcher } from './callbacks/dispatcher.js';
import { CallbackSender } from './callbacks/sender.js';
import { CallbackStore } from './callbacks/store.js';
import { GatewayError } from './errors.js';
import { ResultEngine } from './results/engine.js';
import { Ledger } from './results/ledger.js';
import { registerCallbackRoutes, registerReviewRoute, registerSandboxRoutes } from './results/routes.js';
import { SandboxRail } from './sandbox/rail.js';
import type { Asset } from './catalog.js';
import { DepositAddressBudget } from './rails/address-budget.js';
import { EvmRails } from './rails/evm-rails.js';

export interface GatewayDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  mode: GatewayMode;
  version: string;
  ids: IdSource;
  merchantKey: string;
  /** The gateway's own base URL once it listens (for one-time checkout links). */
  origin: () => string;
  /** Real wall-clock time (rate staleness, signatures). */
  realNow?: () => number;
  /** PEM certificates the callback client trusts beyond the platform's (the till's own). */
  trustedCa?: readonly string[];
  /** How often the scheduler looks for due deadlines and settlements (ms). */
  schedulerMs?: number;
  /** Callback origins trusted whatever their address: the embedded till's own receiver. */
  trustedCallbackOrigins?: () => readonly string[];
  /** How often real-rail scanners poll their chains (ms). */
  railPollMs?: number;
  /** After payments changed (committed): push to watchers. */
  onPaymentsChanged?: (traceIds: readonly string[]) => void;
}

export interface Gateway {
  readonly mode: GatewayMode;
  readonly payments: Payments;
  readonly store: PaymentsStore;
  readonly settings: SettingsStore;
  readonly engine: ResultEngine;
  readonly callbacks: CallbackStore;
  /** Processes everything due on the gateway clock now; returns how many payments moved. */
  catchUp(): number;
  registerRoutes(app: FastifyInstance): void;
  close(): Promise<void>;
}

/** A value made once per gateway.db and kept in meta (the wallet recipient, the address secret). */
function persistentId(db: Db, key: string, make: () => string): string {
  const existing = readMeta(db, key);
  if (existing) return existing;
  const value = make();
  writeMeta(db, key, value);
  return value;
}

export function createGateway(deps: GatewayDeps): Gateway {
  const { db, clock, mode, ids } = deps;
  const realNow = deps.realNow ?? (() => Date.now());
  seedCatalog(db, realNow());
  const catalog = new Catalog(db);
  const payees = new Payees(db, ids);
  if (mode === 'sandbox') payees.seedDemoUsers(clock.now());
  const rates = new DbRates(db);
  const settings = new SettingsStore(db);
  const store = new PaymentsStore(db);
  const recipient = persistentId(db, 'recipient', () => ids.uuid());
  const addressSecret = persistentId(db, 'address_secret', () => ids.token(16));
  const writes = new GroupCommit(db);
  const callbackAllowlist = (): readonly string[] => [
    ...settings.get().callbackAllowlist,
    ...(deps.trustedCallbackOrigins?.() ?? []),
  ];
  // The rails are made below (they need the engine); these closures run only once requests arrive.
  const budget = new DepositAddressBudget();
  const liveAddresses = {
    depositAddress: (asset: Asset) => rails.depositAddress(asset),
    liveRail: (asset: Asset) => rails.railFor(asset) !== undefined,
    spendAddressBudget: () => budget.spend(),
  };
  const payments = new Payments({
    store,
    catalog,
    payees,
    rates,
    settings,
    clock,
    ids,
    mode,
    recipient,
    addressSecret,
    origin: deps.origin,
    realNow,
    callbackAllowlist,
    ...liveAddresses,
  });

  const ledger = new Ledger(db);
  const callbacks = new CallbackStore(db);
  const sender = new CallbackSender({
    mode,
    allowlist: callbackAllowlist,
    trustedCa: deps.trustedCa ?? [],
    merchantKey: () => deps.merchantKey,
    realNowSeconds: () => Math.floor(realNow() / 1000),
  });
  const dispatcher = new CallbackDispatcher({
    store: callbacks,
    sender,
    clock,
    logger: deps.logger.child({ part: 'callbacks' }),
  });
  const committed = (traceIds: readonly string[]): void => {
    dispatcher.kick();
    deps.onPaymentsChanged?.(traceIds);
  };
  const engine = new ResultEngine({
    db,
    store,
    ledger,
    catalog,
    callbacks,
    clock,
    ids,
    mode,
    // On a real rail the funds are at the merchant's addresses once confirmed: settled at once.
    settlementMs: () => (mode === 'live' ? 0 : settings.get().sandboxSettlementSeconds * 1000),
    callbackAllowlist,
    onCommitted: committed,
  });
  payments.paidSoFar = (traceId) => engine.paidSoFar(traceId);
  const rail = new SandboxRail({ db, store, ledger, engine, catalog, clock, ids, recipient, onCommitted: committed });

  // Demo setting: mine a block on busy sandbox chains every N sandbox seconds (off by default).
  let lastAutoMine = clock.now();
  const autoMine = (): void => {
    const every = settings.get().sandboxAutoMineSeconds * 1000;
    const now = clock.now();
    if (mode !== 'sandbox' || every <= 0) {
      lastAutoMine = now; // counting starts when the setting is turned on
      return;
    }
    const blocks = Math.floor((now - lastAutoMine) / every);
    if (blocks <= 0) return;
    lastAutoMine += blocks * every;
    for (const network of rail.busyNetworks()) rail.mine(network, blocks);
  };

  /** Cascades (a deadline, then what it scheduled) are followed to the end, within reason. */
  const catchUp = (): number => {
    autoMine();
    let moved = 0;
    for (let round = 0; round < 10; round++) {
      const n = engine.processDue(clock.now());
      moved += n;
      if (n === 0) break;
    }
    dispatcher.kick();
    return moved;
  };

  const result = (params: Record<string, string>) => {
    const payment = payments.find(params);
    const withParts = new Set((new ParamReader(params).raw('with') ?? '').split(',').map((s) => s.trim()));
    return buildResult(payment, catalog, engine.transactionsOf(payment.trace_id), withParts);
  };

  const cancel = (params: Record<string, string>) => {
    const after = payments.cancel(params, (payment) => {
      const applied = engine.apply(payment, { kind: 'cancel' }, { by: 'merchant' });
      if (applied.outcome.refusal) throw GatewayError.of('cannotCancel', `traceId: ${applied.outcome.refusal.message}`);
    });
    setImmediate(() => committed([after.trace_id]));
    return buildResult(after, catalog, engine.transactionsOf(after.trace_id), new Set());
  };

  const review = (params: Record<string, string>, decision: 'approve' | 'reject', reason: string, by: string) => {
    const payment = payments.find(params);
    const now = clock.now();
    const applied = engine.apply(payment, { kind: 'review', decision }, { by, reason });
    if (applied.outcome.refusal) throw GatewayError.of('cannotCancel', `traceId: ${applied.outcome.refusal.message}`);
    store.update(payment.trace_id, { reviewed_by: by, reviewed_at: now, review_reason: reason });
    setImmediate(() => committed([payment.trace_id]));
    const after = store.get(payment.trace_id) ?? applied.payment;
    return buildResult(after, catalog, engine.transactionsOf(after.trace_id), new Set(['payment']));
  };

  // Real rails (live mode): one scanner per configured EVM chain.
  const rails = new EvmRails({
    db,
    store,
    ledger,
    engine,
    catalog,
    clock,
    logger: deps.logger,
    mode,
    pollMs: deps.railPollMs,
    onCommitted: committed,
  });
  void rails.start();

  // Due work is found in gateway.db, so what fell due while the app was down runs now.
  catchUp();
  dispatcher.start();
  const scheduler = setInterval(() => {
    try {
      catchUp();
    } catch (error) {
      deps.logger.error('scheduler failed', { error: String(error) });
    }
  }, deps.schedulerMs ?? 250);
  scheduler.unref();

  return {
    mode,
    payments,
    store,
    settings,
    engine,
    callbacks,
    catchUp,
    registerRoutes(app) {
      // Who asks (for the live-mode budget of new deposit addresses) travels with the write into the group commit.
      app.addHook('preHandler', (request, _reply, done) => budget.enter(request.ip, done));
      const write = <T>(work: () => T): Promise<T> => writes.run(budget.bind(work));
      const extra = [
        (routeApp: FastifyInstance, helpers: RouteHelpers) => registerReviewRoute(routeApp, helpers, { review, write }),
        (routeApp: FastifyInstance, helpers: RouteHelpers) => {
          routeApp.get('/v1/merchant/rails/evm', async (request, reply) => {
            helpers.merchantOnly(request);
            return helpers.ok(reply, rails.view());
          });
          routeApp.post('/v1/merchant/rails/evm', async (request, reply) => {
            helpers.merchantOnly(request);
            return helpers.ok(reply, await rails.configure(request.body));
          });
        },
        (routeApp: FastifyInstance, helpers: RouteHelpers) =>
          registerCallbackRoutes(routeApp, helpers, {
            callbacks,
            now: () => clock.now(),
            kick: () => dispatcher.kick(),
            traceOf: (params) => payments.find(params).trace_id,
          }),
        ...(mode === 'sandbox'
          ? [
              (routeApp: FastifyInstance, helpers: RouteHelpers) =>
                registerSandboxRoutes(routeApp, helpers, {
                  rail,
                  clock: isMovable(clock) ? clock : undefined,
                  catchUp,
                }),
            ]
          : []),
      ];
      const assetExtras = (assetId: string): Record<string, unknown> | undefined => rails.assetExtras(assetId);
      registerGatewayRoutes(app, {
        clock,
        mode,
        catalog,
        payees,
        payments,
        rates,
        settings,
        merchantKey: deps.merchantKey,
        version: deps.version,
        realNow,
        result,
        cancel,
        write,
        extra,
        assetExtras: mode === 'live' ? assetExtras : undefined,
      });
    },
    async close() {
      clearInterval(scheduler);
      await rails.stop();
      await dispatcher.stop();
    },
  };
}
