/**
 * Composes the refunds part of the gateway (gateway.ts calls this once): its store, the reader of
 * money to resolve (priced at the payment's rate and today's), the payout checkers by mode (the
 * sandbox's simulated chains; a real rail's own check in live mode) and the service.
 */
import { convertDown } from '../../../shared/money.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import type { IdSource } from '../../platform/ids.js';
import type { Logger } from '../../platform/logger.js';
import type { Catalog } from '../catalog.js';
import type { PaymentRow, PaymentsStore } from '../payments/store.js';
import { SandboxChains } from '../rails/sandbox/chains.js';
import type { ResultEngine } from '../results/engine.js';
import type { Ledger } from '../results/ledger.js';
import { SandboxPayoutChecker, type PayoutChecker } from './checks.js';
import { Refunds } from './refunds.js';
import { MoneyToResolveReader } from './resolve.js';
import { RefundsStore } from './store.js';

export interface RefundsPartDeps {
  db: Db;
  store: PaymentsStore;
  ledger: Ledger;
  engine: ResultEngine;
  catalog: Catalog;
  clock: Clock;
  ids: IdSource;
  logger: Logger;
  mode: 'sandbox' | 'live';
  /** The USD price a quote would use now (throws when there is none). */
  usd: (key: string, param: string) => string;
  /** Real rails' payout checks (live mode). */
  checkers: readonly PayoutChecker[];
  assetExtras: (assetId: string) => Record<string, unknown> | undefined;
  committed: (traceIds: readonly string[]) => void;
}

/** Quote units per payment-asset unit at today's prices ("" when either cannot be priced now). */
function todayPrice(usd: RefundsPartDeps['usd'], payment: PaymentRow): string {
  if (!payment.payment_asset_id) return '';
  try {
    return convertDown('1', usd(payment.payment_asset_id, 'assetId'), usd(payment.quote_asset_id, 'quote'), 12);
  } catch {
    return '';
  }
}

export function composeRefunds(deps: RefundsPartDeps): { refunds: Refunds; reader: MoneyToResolveReader } {
  const { db, store, ledger, engine, catalog, mode } = deps;
  const refundsStore = new RefundsStore(db);
  const reader = new MoneyToResolveReader({
    store,
    ledger,
    engine,
    refunds: refundsStore,
    catalog,
    todayPrice: (payment) => todayPrice(deps.usd, payment),
  });
  const chains = new SandboxChains(db);
  const sandbox = mode === 'sandbox';
  const checkers: PayoutChecker[] = sandbox
    ? [
        new SandboxPayoutChecker({
          height: (network) => chains.height(network),
          requiredConfirmations: (network) => catalog.network(network)?.requiredConfirmations ?? 1,
        }),
      ]
    : [...deps.checkers];
  const refunds = new Refunds({
    db,
    store,
    refunds: refundsStore,
    reader,
    engine,
    catalog,
    clock: deps.clock,
    ids: deps.ids,
    logger: deps.logger.child({ part: 'refunds' }),
    sandbox,
    checkers,
    assetExtras: deps.assetExtras,
    sandboxHeight: (network) => (sandbox ? chains.height(network) : 0),
    committed: deps.committed,
  });
  return { refunds, reader };
}
