/**
 * The embedded gateway: the service of gateway-spec.md. It knows nothing of the till and is
 * reached only over HTTP /v1. This module wires its parts over gateway.db and registers routes.
 */
import type { FastifyInstance } from 'fastify';
import { FAILURE_CODES, FAILURE_REASONS } from '../../shared/failure-codes.js';
import type { GatewayMode } from '../../shared/posapi.js';
import type { Clock } from '../platform/clock.js';
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
import { registerGatewayRoutes } from './routes.js';
import { SettingsStore } from './settings.js';

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
}

export interface Gateway {
  readonly mode: GatewayMode;
  readonly payments: Payments;
  readonly store: PaymentsStore;
  readonly settings: SettingsStore;
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
  const payments = new Payments({ store, catalog, payees, rates, settings, clock, ids, mode, recipient, addressSecret, origin: deps.origin, realNow });

  const result = (params: Record<string, string>) => {
    const payment = payments.find(params);
    const withParts = new Set((new ParamReader(params).raw('with') ?? '').split(',').map((s) => s.trim()));
    return buildResult(payment, catalog, [], withParts);
  };

  const cancel = (params: Record<string, string>) =>
    buildResult(
      payments.cancel(params, (payment) => {
        const now = clock.now();
        store.update(payment.trace_id, { status: 'failed', failure_code: FAILURE_CODES.cancelled, failure_reason: FAILURE_REASONS['40032'], updated_at: now });
        store.event(payment.trace_id, now, 'cancel', payment.status, 'failed', { by: 'merchant' });
      }),
      catalog,
      [],
      new Set(),
    );

  return {
    mode,
    payments,
    store,
    settings,
    registerRoutes(app) {
      registerGatewayRoutes(app, { clock, mode, catalog, payees, payments, rates, settings, merchantKey: deps.merchantKey, version: deps.version, realNow, result, cancel, write: (work) => writes.run(work), extra: [] });
    },
    async close() {},
  };
}
