/**
 * The sandbox rail (docs/api.md, "Sandbox"): a simulated wallet network and one simulated chain per
 * network. It gives every catalogue asset a deterministic deposit address, and turns the sandbox
 * API's transfers, deposits, mined blocks and reorganisations into ledger rows and facts, booked
 * through rails/facts.ts. Everything happens in one SQLite transaction per request.
 */
import type { FastifyInstance } from 'fastify';
import type { RailHealthView } from '../../../../shared/posapi.js';
import { isMovable, type Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db.js';
import type { IdSource } from '../../../platform/ids.js';
import type { Asset, Catalog, Network } from '../../catalog.js';
import { GatewayError, paramError } from '../../errors.js';
import type { PaymentsStore } from '../../payments/store.js';
import type { Ledger, TransactionRow } from '../../results/ledger.js';
import type { RouteHelpers } from '../../routes.js';
import type { TransactionFacts } from '../facts.js';
import type { DepositAddress, Rail } from '../rail.js';
import { SandboxChains } from './chains.js';
import { sandboxDepositAddress } from './deposit-address.js';
import { registerSandboxRoutes } from './routes.js';

export interface SandboxRailDeps {
  db: Db;
  store: PaymentsStore;
  ledger: Ledger;
  facts: TransactionFacts;
  catalog: Catalog;
  clock: Clock;
  ids: IdSource;
  /** The gateway's wallet account (recipient of wallet payments). */
  recipient: string;
  /** Secret mixed into deposit addresses, so they cannot be guessed from a trace id. */
  addressSecret: string;
  /** Demo setting: mine a block on busy chains every this many ms of sandbox time (0 = only when asked). */
  autoMineEveryMs: () => number;
  /** Processes everything due now (the sandbox's block and clock routes answer after it). */
  catchUp: () => number;
  onCommitted?: (traceIds: readonly string[]) => void;
}

export interface TransferAsked {
  recipient: string;
  asset: string;
  amount: string;
  trace: string;
  memo: string;
}

export interface DepositAsked {
  destination: string;
  tag: string;
  asset: string;
  amount: string;
}

export interface Observed {
  txid: string;
  /** The payment it was matched to, '' when none. */
  traceId: string;
  booked: TransactionRow['booked'];
  status: string;
  /** False when the same transfer had already been seen (it counts once). */
  isNew: boolean;
}

/** The wallet memo of an instruction is base64 of `payment|<clientId>`. */
function clientIdFromMemo(memo: string): string | undefined {
  const text = Buffer.from(memo, 'base64').toString('utf8');
  const match = /^payment\|([0-9a-f-]{36})$/i.exec(text);
  return match?.[1]?.toLowerCase();
}

export class SandboxRail implements Rail {
  readonly name = 'sandbox';
  private readonly chains: SandboxChains;
  /** Automatic mining counts from here (sandbox clock ms). */
  private lastAutoMine: number;

  constructor(private readonly deps: SandboxRailDeps) {
    this.chains = new SandboxChains(deps.db);
    this.lastAutoMine = deps.clock.now();
  }

  /** Every catalogue asset has a simulated network. */
  carries(): boolean {
    return true;
  }

  depositAddress(_asset: Asset, network: Network, traceId: string): DepositAddress {
    return sandboxDepositAddress(network, traceId, this.deps.addressSecret);
  }

  assetExtras(): undefined {
    return undefined;
  }

  /** Simulated chains are always in step: nothing to report. */
  health(): RailHealthView[] {
    return [];
  }

  /** Automatic mining (a demo setting, off by default): a block on busy chains every N sandbox seconds. */
  due(nowMs: number): void {
    const every = this.deps.autoMineEveryMs();
    if (every <= 0) {
      this.lastAutoMine = nowMs; // counting starts when the setting is turned on
      return;
    }
    const blocks = Math.floor((nowMs - this.lastAutoMine) / every);
    if (blocks <= 0) return;
    this.lastAutoMine += blocks * every;
    for (const network of this.busyNetworks()) this.mine(network, blocks);
  }

  registerRoutes(app: FastifyInstance, helpers: RouteHelpers): void {
    const { clock, catchUp } = this.deps;
    registerSandboxRoutes(app, helpers, { rail: this, clock: isMovable(clock) ? clock : undefined, catchUp });
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {}

  /** A payer's wallet pays: final at once. The same transfer trace counts once. */
  transfer(asked: TransferAsked): Observed {
    const { db, ledger, store, facts, catalog, clock } = this.deps;
    const asset = catalog.assets.get(asked.asset);
    if (!asset) throw GatewayError.of('assetNotFound', `asset: ${asked.asset} is not a known asset`);
    if (asked.recipient !== this.deps.recipient) throw paramError('recipient', "is not this gateway's wallet account");
    const places = asked.amount.split('.')[1]?.length ?? 0;
    if (places > asset.precision)
      throw paramError('amount', `must have at most ${asset.precision} decimal places for ${asset.symbol}`);
    const result = db.transaction((): Observed => {
      const seen = ledger.get('wallet', asked.trace);
      if (seen) {
        const payment = seen.trace_id ? store.get(seen.trace_id) : undefined;
        return {
          txid: seen.txid,
          traceId: seen.trace_id ?? '',
          booked: seen.booked,
          status: payment?.status ?? '',
          isNew: false,
        };
      }
      const clientId = clientIdFromMemo(asked.memo);
      const instruction = clientId ? store.instruction(clientId) : undefined;
      const payment = instruction ? store.get(instruction.trace_id) : undefined;
      const row: TransactionRow = {
        kind: 'wallet',
        txid: asked.trace,
        network: 'wallet',
        trace_id: payment?.trace_id ?? null,
        asset_id: asset.assetId,
        amount: asked.amount,
        destination: asked.recipient,
        tag: '',
        memo: asked.memo,
        confirmations: -1,
        required_confirmations: 0,
        confirmed: 1,
        gone: 0,
        // Booked by the engine's transition; until then it does not count (so it counts once).
        booked: 'unmatched',
        seen_at: clock.now(),
      };
      ledger.add(row);
      if (!payment) return { txid: row.txid, traceId: '', booked: 'unmatched', status: '', isNew: true };
      const { booked, status } = facts.arrived(payment, row, { rail: 'sandbox-wallet' });
      return { txid: row.txid, traceId: payment.trace_id, booked, status, isNew: true };
    })();
    if (result.traceId && result.isNew) this.deps.onCommitted?.([result.traceId]);
    return result;
  }

  /** An on-chain transaction to a deposit address, seen with 0 confirmations. */
  deposit(asked: DepositAsked): Observed {
    const { db, ledger, store, facts, catalog, clock, ids } = this.deps;
    const asset = catalog.assets.get(asked.asset);
    if (!asset) throw GatewayError.of('assetNotFound', `asset: ${asked.asset} is not a known asset`);
    const places = asked.amount.split('.')[1]?.length ?? 0;
    if (places > asset.precision)
      throw paramError('amount', `must have at most ${asset.precision} decimal places for ${asset.symbol}`);
    const owner = store.depositOwner(asked.destination, asked.tag);
    if (!owner) throw paramError('destination', 'is not a deposit address of this gateway (with this tag)');
    const network = catalog.network(owner.network);
    if (!network) throw new Error(`deposit address on unknown network ${owner.network}`);
    const txid = network.addressStyle === 'evm' ? `0x${ids.token(32)}` : ids.token(32);
    const result = db.transaction((): Observed => {
      const payment = store.get(owner.trace_id);
      if (!payment) throw new Error(`deposit address of a missing payment ${owner.trace_id}`);
      const final = network.requiredConfirmations === 0;
      // An asset of another network cannot arrive at this address: it is kept, never counted (40020).
      const wrongNetwork = asset.network !== network.network;
      const row: TransactionRow = {
        kind: 'chain',
        txid,
        network: network.network,
        trace_id: payment.trace_id,
        asset_id: asset.assetId,
        amount: asked.amount,
        destination: asked.destination,
        tag: asked.tag,
        memo: '',
        confirmations: 0,
        required_confirmations: network.requiredConfirmations,
        confirmed: final ? 1 : 0,
        gone: 0,
        booked: 'unmatched',
        seen_at: clock.now(),
      };
      ledger.add(row);
      const { booked, status } = wrongNetwork
        ? facts.keptAsWrongAsset(payment, row)
        : facts.arrived(payment, row, { rail: 'sandbox-chain', network: network.network });
      return { txid, traceId: payment.trace_id, booked, status, isNew: true };
    })();
    this.deps.onCommitted?.([result.traceId]);
    return result;
  }

  /** Mines `count` blocks on a simulated chain; transactions reaching their confirmations are confirmed. */
  mine(networkName: string, count: number): { network: string; height: number; confirmed: string[] } {
    const { db, ledger, facts, catalog } = this.deps;
    const network = catalog.network(networkName);
    if (!network) throw paramError('network', `must be one of ${[...catalog.networks.keys()].join(', ')}`);
    const touched: string[] = [];
    const confirmedTx: string[] = [];
    const height = db.transaction(() => {
      const next = this.chains.height(network.network) + count;
      this.chains.setHeight(network.network, next);
      for (const tx of ledger.unconfirmed(network.network)) {
        const confirmations = tx.confirmations + count;
        const moved = facts.confirmations(tx, confirmations, { rail: 'sandbox-chain', height: next });
        if (moved) touched.push(moved);
        if (confirmations >= tx.required_confirmations) confirmedTx.push(tx.txid);
      }
      return next;
    })();
    if (touched.length) this.deps.onCommitted?.(touched);
    return { network: network.network, height, confirmed: confirmedTx };
  }

  /** A reorg: an on-chain transaction not yet confirmed vanishes; it no longer counts. */
  drop(txid: string): { txid: string; traceId: string; status: string } {
    const { db, ledger, facts } = this.deps;
    const outcome = db.transaction(() => {
      const tx = ledger.get('chain', txid);
      if (!tx || tx.gone === 1) throw paramError('txid', 'is not a transaction on a simulated chain');
      if (tx.confirmed === 1)
        throw paramError('txid', 'is already confirmed; only unconfirmed transactions can vanish in the sandbox');
      const { traceId, status } = facts.gone(tx, { rail: 'sandbox-chain', reason: 'reorg' });
      return { txid, traceId, status };
    })();
    if (outcome.traceId) this.deps.onCommitted?.([outcome.traceId]);
    return outcome;
  }

  /** Networks with transactions still waiting for confirmations (for automatic mining). */
  busyNetworks(): string[] {
    return [...this.deps.catalog.networks.keys()].filter((network) => this.deps.ledger.unconfirmed(network).length > 0);
  }

  networks(): { network: string; requiredConfirmations: number; height: number }[] {
    const heights = this.chains.heights();
    return [...this.deps.catalog.networks.values()].map((n) => ({
      network: n.network,
      requiredConfirmations: n.requiredConfirmations,
      height: heights.get(n.network) ?? 0,
    }));
  }
}
