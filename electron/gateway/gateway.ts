/**
 * The embedded gateway (docs/api.md): it knows nothing of the till and is reached only over HTTP
 * /v1. This module composes its parts over gateway.db (docs/architecture.md, "Layout"): the stores,
 * the callback outbox and its dispatcher, the result engine, the rails (from a list, by mode), the
 * payments side, the scheduler of due work, and the routes.
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayMode } from '../../shared/posapi.js';
import type { Clock } from '../platform/clock.js';
import type { Db } from '../platform/db.js';
import { GroupCommit } from '../platform/group-commit.js';
import type { IdSource } from '../platform/ids.js';
import type { Logger } from '../platform/logger.js';
import { CallbackDispatcher } from './callbacks/dispatcher.js';
import { registerCallbackRoutes } from './callbacks/routes.js';
import { CallbackSender } from './callbacks/sender.js';
import { CallbackStore } from './callbacks/store.js';
import { Catalog, seedCatalog } from './catalog.js';
import { persistentMeta } from './db.js';
import { Payees } from './payees.js';
import { Payments } from './payments/payments.js';
import { Prices } from './prices/prices.js';
import { PaymentsStore } from './payments/store.js';
import { DepositAddressBudget, clientKey } from './rails/address-budget.js';
import { EvmRail } from './rails/evm/rail.js';
import { TransactionFacts } from './rails/facts.js';
import { Rails, type Rail } from './rails/rail.js';
import { SandboxRail } from './rails/sandbox/rail.js';
import { DbRates } from './rates.js';
import { GatewayError } from './errors.js';
import { ResultEngine } from './results/engine.js';
import { Ledger } from './results/ledger.js';
import { ResultOperations } from './results/operations.js';
import { registerReviewRoute } from './results/routes.js';
import { registerGatewayRoutes } from './routes.js';
import { composeRefunds } from './refunds/compose.js';
import type { Refunds } from './refunds/refunds.js';
import type { MoneyToResolveReader } from './refunds/resolve.js';
import { registerRefundRoutes } from './refunds/routes.js';
import { Scheduler } from './scheduler.js';
import { SettingsStore } from './settings.js';
import { MerchantReport } from './report/report.js';
import { registerTillRoutes } from './tills/routes.js';
import { TillStore } from './tills/store.js';

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

/** The stores over gateway.db, each the one owner of its tables, and the values kept in meta. */
function openStores(deps: GatewayDeps, realNow: () => number) {
  const { db, clock, mode, ids } = deps;
  seedCatalog(db, realNow());
  const catalog = new Catalog(db);
  const payees = new Payees(db, ids);
  if (mode === 'sandbox') payees.seedDemoUsers(clock.now());
  const rates = new DbRates(db, realNow);
  const { logger, trustedCa } = deps;
  return {
    catalog,
    payees,
    rates,
    /** Live prices: their sources, refresher and the rate source quotes use. */
    prices: new Prices({ db, catalog, logger, mode, realNow, base: rates, trustedCa }),
    settings: new SettingsStore(db, realNow),
    store: new PaymentsStore(db),
    ledger: new Ledger(db),
    callbacks: new CallbackStore(db),
    tills: new TillStore(db, ids),
    /** The gateway's wallet account (recipient of wallet payments). */
    recipient: persistentMeta(db, 'recipient', () => ids.uuid()),
    /** Mixed into sandbox deposit addresses. */
    addressSecret: persistentMeta(db, 'address_secret', () => ids.token(16)),
  };
}

type Stores = ReturnType<typeof openStores>;

/** The callback outbox's delivery: the signing HTTPS sender and the dispatcher of due attempts. */
function callbackDelivery(
  deps: GatewayDeps,
  stores: Stores,
  allowlist: () => readonly string[],
  realNow: () => number,
) {
  const sender = new CallbackSender({
    mode: deps.mode,
    allowlist,
    trustedCa: deps.trustedCa ?? [],
    merchantKey: () => deps.merchantKey,
    realNowSeconds: () => Math.floor(realNow() / 1000),
  });
  return new CallbackDispatcher({
    store: stores.callbacks,
    sender,
    clock: deps.clock,
    logger: deps.logger.child({ part: 'callbacks' }),
  });
}

interface RailParts {
  stores: Stores;
  facts: TransactionFacts;
  catchUp: () => number;
  committed: (traceIds: readonly string[]) => void;
}

/** The rails, by mode: the sandbox's simulated networks only in sandbox mode; real chains (EVM) in either. */
function composeRails(deps: GatewayDeps, parts: RailParts): { rails: Rails; evm: EvmRail } {
  const { db, clock, mode, ids, logger } = deps;
  const { stores, facts, committed } = parts;
  const { store, ledger, catalog, settings } = stores;
  const pollMs = deps.railPollMs;
  const evm = new EvmRail({
    ...{ db, store, ledger, facts, catalog, clock, logger, mode, pollMs },
    onCommitted: committed,
    realNow: deps.realNow,
  });
  if (mode !== 'sandbox') return { rails: new Rails([evm]), evm };
  const sandbox: Rail = new SandboxRail({
    db,
    store,
    ledger,
    facts,
    catalog,
    clock,
    ids,
    recipient: stores.recipient,
    addressSecret: stores.addressSecret,
    autoMineEveryMs: () => settings.get().sandboxAutoMineSeconds * 1000,
    catchUp: parts.catchUp,
    onCommitted: committed,
  });
  return { rails: new Rails([sandbox, evm]), evm };
}

interface RouteParts {
  deps: GatewayDeps;
  stores: Stores;
  payments: Payments;
  operations: ResultOperations;
  rails: Rails;
  dispatcher: CallbackDispatcher;
  writes: GroupCommit;
  realNow: () => number;
  refunds: Refunds;
  reader: MoneyToResolveReader;
}

/** Every route of the gateway: the /v1 groups, the review decision, the delivery log, and the rails' own. */
function registerRoutes(app: FastifyInstance, parts: RouteParts): void {
  const { deps, stores, payments, operations, rails, dispatcher, writes } = parts;
  const { prices } = stores;
  // Why a quote could not use a price now ("" when it can): the owner's view of the prices.
  const problemOf = (key: string): string => {
    try {
      payments.pricing.usd(key, 'price');
      return '';
    } catch (error) {
      if (error instanceof GatewayError) return error.message.replace(/^price: /, '');
      throw error;
    }
  };
  const { clock, mode } = deps;
  // Who asks (for the live-mode budget of new deposit addresses) travels with the write into the group commit.
  const write = <T>(work: () => T, ip?: string): Promise<T> =>
    writes.run(work, ip === undefined ? undefined : clientKey(ip));
  registerGatewayRoutes(app, {
    clock,
    mode,
    catalog: stores.catalog,
    payees: stores.payees,
    payments,
    rates: stores.rates,
    readRate: (key) => {
      const rate = prices.rates.usdPrice(key);
      const problem = problemOf(key);
      // Live mode never quotes the sandbox's bundled prices: they are not shown as prices either.
      if (!rate || (mode === 'live' && rate.source === 'bundled' && key !== 'usd'))
        return { usdPrice: '', source: 'none', updatedAtMs: 0, problem };
      return { ...rate, problem };
    },
    settings: stores.settings,
    realNow: parts.realNow,
    write,
    merchantKey: deps.merchantKey,
    tills: stores.tills,
    tillOfPayment: (traceId, tillId) => stores.store.attributeTill(traceId, tillId),
    version: deps.version,
    result: (params) => operations.result(params),
    cancel: (params) => operations.cancel(params),
    assetExtras: mode === 'live' ? (assetId) => rails.assetExtras(assetId) : undefined,
    groups: [
      (routeApp, helpers) =>
        registerReviewRoute(routeApp, helpers, {
          review: (params, decision, reason, by) => operations.review(params, decision, reason, by),
          write,
        }),
      (routeApp, helpers) =>
        registerCallbackRoutes(routeApp, helpers, {
          callbacks: stores.callbacks,
          now: () => clock.now(),
          kick: () => dispatcher.kick(),
          traceOf: (params) => payments.find(params).trace_id,
        }),
      (routeApp, helpers) => rails.registerRoutes(routeApp, helpers),
      (routeApp, helpers) => prices.registerRoutes(routeApp, helpers, problemOf),
      (routeApp, helpers) => registerRefundRoutes(routeApp, helpers, { ...parts, sandbox: mode === 'sandbox', write }),
      (routeApp, helpers) =>
        registerTillRoutes(routeApp, helpers, {
          tills: stores.tills,
          report: new MerchantReport(stores.store, stores.tills),
          now: () => clock.now(),
          write,
        }),
    ],
  });
}

/** The result engine: the one writer of results (status, history, callbacks in one transaction). */
function composeEngine(
  deps: GatewayDeps,
  stores: Stores,
  callbackAllowlist: () => readonly string[],
  committed: (traceIds: readonly string[]) => void,
): ResultEngine {
  const { db, clock, mode, ids } = deps;
  const { store, ledger, catalog, callbacks, settings } = stores;
  return new ResultEngine({
    db,
    store,
    ledger,
    catalog,
    callbacks,
    clock,
    ids,
    mode,
    callbackAllowlist,
    // On a real rail the funds are at the merchant's addresses once confirmed: settled at once.
    settlementMs: () => (mode === 'live' ? 0 : settings.get().sandboxSettlementSeconds * 1000),
    onCommitted: committed,
  });
}

/** The payments side: creates, instructions, one-time codes, cancel. */
function composePayments(
  deps: GatewayDeps,
  stores: Stores,
  parts: {
    engine: ResultEngine;
    rails: Rails;
    budget: DepositAddressBudget;
    callbackAllowlist: () => readonly string[];
    realNow: () => number;
  },
): Payments {
  const { clock, ids, mode } = deps;
  const { store, catalog, payees, prices, settings, recipient } = stores;
  const { engine, rails, budget, callbackAllowlist, realNow } = parts;
  return new Payments({
    store,
    catalog,
    payees,
    rates: prices.rates,
    settings,
    engine,
    rails,
    clock,
    ids,
    mode,
    recipient,
    callbackAllowlist,
    spendAddressBudget: () => budget.spend(),
    origin: deps.origin,
    realNow,
  });
}

export function createGateway(deps: GatewayDeps): Gateway {
  const { db, clock, mode, ids } = deps;
  const realNow = deps.realNow ?? (() => Date.now());
  const stores = openStores(deps, realNow);
  const { catalog, settings, store, ledger, callbacks } = stores;
  const callbackAllowlist = (): readonly string[] => [
    ...settings.get().callbackAllowlist,
    ...(deps.trustedCallbackOrigins?.() ?? []),
  ];
  const dispatcher = callbackDelivery(deps, stores, callbackAllowlist, realNow);
  const committed = (traceIds: readonly string[]): void => {
    dispatcher.kick();
    deps.onPaymentsChanged?.(traceIds);
  };
  const engine = composeEngine(deps, stores, callbackAllowlist, committed);
  const facts = new TransactionFacts({ store, ledger, engine, clock });
  const catchUp = (): number => scheduler.catchUp();
  const { rails, evm } = composeRails(deps, { stores, facts, catchUp, committed });
  const writes = new GroupCommit(db);
  const budget = new DepositAddressBudget(() => writes.asker());
  const { payees, prices } = stores;
  const payments = composePayments(deps, stores, { engine, rails, budget, callbackAllowlist, realNow });
  const operations = new ResultOperations({ store, payments, catalog, payees, engine, clock, committed });
  const assetExtras = (assetId: string) => rails.assetExtras(assetId);
  const refundParts = { db, store, ledger, engine, catalog, clock, ids, mode, committed, logger: deps.logger };
  const { refunds, reader } = composeRefunds({
    ...refundParts,
    usd: payments.pricing.usd,
    checkers: [evm],
    assetExtras,
  });
  const everyMs = deps.schedulerMs ?? 250;
  const scheduler = new Scheduler({ engine, rails, dispatcher, refunds, clock, logger: deps.logger, everyMs });
  void rails.start();
  prices.start();
  scheduler.start();
  return {
    mode,
    payments,
    store,
    settings,
    engine,
    callbacks,
    catchUp,
    registerRoutes: (app) =>
      registerRoutes(app, { deps, stores, payments, operations, rails, dispatcher, writes, realNow, refunds, reader }),
    async close() {
      scheduler.stop();
      await refunds.settled();
      await prices.close();
      await rails.close();
      await dispatcher.stop();
    },
  };
}
