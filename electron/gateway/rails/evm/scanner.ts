/**
 * One EVM chain's scanner: watches the merchant's deposit addresses over JSON-RPC (viem, with
 * failover across the configured URLs), and reports what it finds through rails/facts.ts: ERC-20
 * `Transfer` logs and native transfers to open addresses (arrived), confirmations reached, and
 * transactions a reorganisation removed (gone). Scan progress and recent block hashes are kept in
 * gateway.db (blocks.ts), so a restart resumes from the last block finished. Each pass talks to one
 * node that has just proven it is on the configured chain id (rpc-endpoints.ts); facts from any
 * other node are never read.
 */
import { parseAbiItem, type PublicClient } from 'viem';
import { z } from 'zod';
import { fromBaseUnits } from '../../../../shared/money.js';
import type { RailHealthView } from '../../../../shared/posapi.js';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db.js';
import type { Logger } from '../../../platform/logger.js';
import type { PaymentsStore } from '../../payments/store.js';
import type { Ledger, TransactionRow } from '../../results/ledger.js';
import type { TransactionFacts } from '../facts.js';
import { Leases } from '../../leases.js';
import { EvmBlocks } from './blocks.js';
import type { EvmChain } from './config.js';
import { RpcEndpoints } from './rpc-endpoints.js';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** What we rely on in a block answer; anything else from a node is refused as a bad answer. */
const BlockSchema = z.object({
  number: z.bigint(),
  hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'a 32-byte block hash'),
});

/** A block the node does not have (the chain got shorter) is an answer; anything else is an error. */
function notFoundAsUndefined(error: unknown): undefined {
  if (error instanceof Error && error.name === 'BlockNotFoundError') return undefined;
  throw error;
}

/** A chain's health as the owner sees it (the same shape the till's PosApi carries). */
export type ChainHealth = RailHealthView;

export interface ScannerDeps {
  db: Db;
  store: PaymentsStore;
  ledger: Ledger;
  facts: TransactionFacts;
  clock: Clock;
  logger: Logger;
  chain: EvmChain;
  /** Notes from the configuration on URLs that did not answer then (by URL index), shown until they do. */
  initialProblems?: ReadonlyMap<number, string>;
  pollMs?: number;
  /** Blocks per eth_getLogs range. */
  batch?: number;
  onCommitted?: (traceIds: readonly string[]) => void;
  /** Who scans this chain when several server processes share the database (leases.ts); default: a new owner. */
  leases?: Leases;
  /** How long a pass's lease lasts (gateway clock); a dead holder's chain is taken over after it. */
  leaseMs?: number;
}

/** A pass found that another process holds the chain's lease: it writes nothing. */
class LeaseLost extends Error {}

export class EvmChainScanner {
  private readonly rpc: RpcEndpoints;
  /** The node of the current pass (set by `tick`, on the configured chain id). */
  private connected: PublicClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private readonly tokens = new Map<string, { assetId: string; decimals: number }>();
  private readonly native: { assetId: string; decimals: number } | undefined;
  readonly health: ChainHealth;
  private readonly blocks: EvmBlocks;
  private readonly leases: Leases;
  /** Whether the last pass held the chain's lease (a change is logged once). */
  private holding: boolean | undefined;

  constructor(private readonly deps: ScannerDeps) {
    const { chain } = deps;
    this.leases = deps.leases ?? new Leases(deps.db, deps.clock);
    this.rpc = new RpcEndpoints({
      urls: chain.rpcUrls,
      chainId: chain.chainId,
      initialProblems: deps.initialProblems,
      onWrongChain: (index, answered) =>
        deps.logger.error('an RPC URL answers another chain id; it is not used', {
          network: chain.network,
          url: `rpcUrls[${index}]`,
          chainId: chain.chainId,
          answered,
        }),
    });
    for (const asset of chain.assets)
      if (asset.kind === 'erc20')
        this.tokens.set(asset.contract.toLowerCase(), { assetId: asset.assetId, decimals: asset.decimals });
    const native = chain.assets.find((a) => a.kind === 'native');
    this.native = native ? { assetId: native.assetId, decimals: native.decimals } : undefined;
    this.health = {
      network: chain.network,
      chainId: chain.chainId,
      lastBlock: -1,
      head: -1,
      lag: 0,
      lastError: this.rpc.problems(),
      lastOkAt: 0,
    };
    this.blocks = new EvmBlocks(deps.db);
  }

  private get client(): PublicClient {
    if (!this.connected) throw new Error('not connected to a node of this chain');
    return this.connected;
  }

  /** A block's number and hash, validated. */
  private async block(number: number): Promise<{ number: number; hash: string }> {
    const parsed = BlockSchema.safeParse(await this.client.getBlock({ blockNumber: BigInt(number) }));
    if (!parsed.success)
      throw new Error(`bad answer for block ${number}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return { number: Number(parsed.data.number), hash: parsed.data.hash };
  }

  /** A node of this chain that has just proven its chain id (for payout checks). */
  node(): Promise<PublicClient> {
    return this.rpc.connect();
  }

  start(): void {
    this.stopped = false;
    let failures = 0;
    const loop = (): void => {
      if (this.stopped) return;
      this.running = this.pass()
        .then(() => {
          failures = 0;
        })
        .catch((error: unknown) => {
          failures += 1;
          this.rpc.failed(error);
          const message = this.rpc.scrub(error instanceof Error ? error.message.split('\n')[0]! : String(error));
          this.health.lastError = [message, this.rpc.problems()].filter(Boolean).join('; ');
          this.deps.logger.warn('evm scan failed', { network: this.deps.chain.network, error: this.health.lastError });
        })
        .finally(() => {
          if (!this.stopped) {
            // Back off while the chain's nodes fail (up to 30 s), then poll at the normal pace again.
            const base = this.deps.pollMs ?? 1000;
            this.timer = setTimeout(loop, Math.min(30_000, base * 2 ** Math.min(failures, 5)));
            this.timer.unref();
          }
        });
    };
    loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    // A clean stop hands the chain over at once; a killed process's lease just runs out.
    if (this.holding) this.leases.release(this.leaseName);
    this.holding = undefined;
  }

  private get leaseName(): string {
    return `evm-scan:${this.deps.chain.chainId}`;
  }

  /**
   * Takes or renews the chain's lease (one scanning process per chain); false: another process
   * holds it and this one stands by. Inside a transaction it fences the writes (a savepoint).
   */
  private holdLease(): boolean {
    const { pollMs, leaseMs, logger, chain } = this.deps;
    const held = this.leases.hold(this.leaseName, leaseMs ?? Math.max(10_000, 10 * (pollMs ?? 1000)));
    if (held !== this.holding)
      logger.info(
        held ? 'evm scanning: this process scans the chain' : 'evm scanning: another process scans the chain',
        {
          network: chain.network,
          chainId: chain.chainId,
          owner: this.leases.owner,
        },
      );
    this.holding = held;
    return held;
  }

  /** Fences a transaction's writes: they commit only while this process holds the chain. */
  private fenced(write: () => void): void {
    this.deps.db.transaction(() => {
      if (!this.holdLease()) throw new LeaseLost('another process took over this chain');
      write();
    })();
  }

  /** One pass, unless another process holds the chain (then its position is shown, nothing is written). */
  async pass(): Promise<void> {
    if (!this.holdLease()) {
      this.health.lastBlock = this.blocks.last(this.deps.chain.chainId)?.number ?? -1;
      this.health.lastError = '';
      return;
    }
    await this.tick().catch((error: unknown) => {
      if (!(error instanceof LeaseLost)) throw error;
    });
  }

  /** One pass: notice a reorg, scan the next range, update confirmations. Public for tests and benches. */
  async tick(): Promise<void> {
    const { chain } = this.deps;
    this.connected = undefined;
    this.connected = await this.rpc.connect();
    const head = Number(await this.client.getBlockNumber({ cacheTime: 0 }));
    this.health.head = head;
    let last = this.blocks.last(chain.chainId);
    if (!last) {
      // A new configuration starts at its startBlock, or at the head (nothing before it was handed out).
      const start = Math.min(chain.startBlock ?? head, head);
      const first = await this.block(Math.max(start - 1, 0));
      this.fenced(() => this.blocks.put(chain.chainId, first));
      last = first;
    }
    // A node that does not answer is retried later; a different hash, or a chain that no longer
    // reaches that height, means a reorg.
    const current = await this.block(last.number).catch(notFoundAsUndefined);
    if (!current || current.hash !== last.hash) {
      await this.rewind();
      return;
    }
    let scanned = last.number;
    while (scanned < head && !this.stopped) {
      const from = scanned + 1;
      const to = Math.min(head, from + (this.deps.batch ?? 500) - 1);
      await this.scanRange(from, to);
      scanned = to;
    }
    this.confirmations(head);
    this.health.lastBlock = scanned;
    this.health.lag = head - scanned;
    this.health.lastError = this.rpc.problems();
    this.health.lastOkAt = this.deps.clock.now();
  }

  private async scanRange(from: number, to: number): Promise<void> {
    const { chain } = this.deps;
    const addresses = this.deps.store.depositsOnNetwork(chain.network);
    const found: {
      txid: string;
      hash: string;
      block: number;
      blockHash: string;
      to: string;
      assetId: string;
      amount: string;
    }[] = [];
    if (addresses.size > 0 && this.tokens.size > 0) {
      const logs = await this.client.getLogs({
        address: [...this.tokens.keys()] as `0x${string}`[],
        event: TRANSFER,
        fromBlock: BigInt(from),
        toBlock: BigInt(to),
        strict: true,
      });
      for (const log of logs) {
        const recipient = log.args.to.toLowerCase();
        const token = this.tokens.get(log.address.toLowerCase());
        if (
          !token ||
          !addresses.has(recipient) ||
          log.blockNumber === null ||
          log.transactionHash === null ||
          log.blockHash === null
        )
          continue;
        found.push({
          txid: `${log.transactionHash}:${log.logIndex}`,
          hash: log.transactionHash,
          block: Number(log.blockNumber),
          blockHash: log.blockHash,
          to: recipient,
          assetId: token.assetId,
          amount: fromBaseUnits(log.args.value.toString(), token.decimals),
        });
      }
    }
    if (addresses.size > 0 && this.native) {
      for (let n = from; n <= to; n++) {
        const block = await this.client.getBlock({ blockNumber: BigInt(n), includeTransactions: true });
        for (const tx of block.transactions) {
          const recipient = tx.to?.toLowerCase();
          if (!recipient || !addresses.has(recipient) || tx.value === 0n) continue;
          found.push({
            txid: tx.hash,
            hash: tx.hash,
            block: n,
            blockHash: block.hash,
            to: recipient,
            assetId: this.native.assetId,
            amount: fromBaseUnits(tx.value.toString(), this.native.decimals),
          });
        }
      }
    }
    const end = await this.block(to);
    const touched: string[] = [];
    this.fenced(() => {
      for (const f of found) {
        const traceId = addresses.get(f.to)!;
        if (this.record(traceId, f)) touched.push(traceId);
      }
      this.blocks.finished(chain.chainId, end);
    });
    if (touched.length) this.deps.onCommitted?.(touched);
  }

  /** Records one observed transfer in the ledger (once) and books it for its payment. */
  private record(
    traceId: string,
    f: { txid: string; block: number; blockHash: string; to: string; assetId: string; amount: string },
  ): boolean {
    const { ledger, store, facts, chain, clock } = this.deps;
    const existing = ledger.get('chain', f.txid);
    if (existing && existing.gone === 0) {
      ledger.setBlock(f.txid, f.block, f.blockHash);
      return false;
    }
    const payment = store.get(traceId);
    if (!payment) return false;
    if (existing) ledger.revive(f.txid, f.block, f.blockHash);
    else {
      const row: TransactionRow = {
        kind: 'chain',
        txid: f.txid,
        network: chain.network,
        trace_id: traceId,
        asset_id: f.assetId,
        amount: f.amount,
        destination: f.to,
        tag: '',
        memo: '',
        confirmations: 0,
        required_confirmations: chain.requiredConfirmations,
        confirmed: 0,
        gone: 0,
        booked: 'unmatched',
        seen_at: clock.now(),
      };
      ledger.add(row);
      ledger.setBlock(f.txid, f.block, f.blockHash);
    }
    const final = chain.requiredConfirmations <= 1;
    if (final) ledger.setConfirmations('chain', f.txid, 1, true);
    // Applied to the state before this transaction counted (the row is not booked yet).
    facts.arrived(
      payment,
      { kind: 'chain', txid: f.txid, asset_id: f.assetId, amount: f.amount, confirmed: final ? 1 : 0 },
      { rail: 'evm', chainId: chain.chainId, block: f.block },
    );
    return true;
  }

  private confirmations(head: number): void {
    const { ledger, facts, chain } = this.deps;
    const touched: string[] = [];
    this.fenced(() => {
      for (const tx of ledger.unconfirmed(chain.network)) {
        if (!tx.block_number) continue;
        const moved = facts.confirmations(tx, head - tx.block_number + 1, { rail: 'evm', head });
        if (moved) touched.push(moved);
      }
    });
    if (touched.length) this.deps.onCommitted?.(touched);
  }

  /** A reorganisation: find the last block we share with the chain; what came after is gone. */
  private async rewind(): Promise<void> {
    const { chain, ledger, facts } = this.deps;
    let ancestor = -1;
    for (const block of this.blocks.newestFirst(chain.chainId)) {
      const onChain = await this.block(block.number).catch(notFoundAsUndefined);
      if (onChain?.hash === block.hash) {
        ancestor = block.number;
        break;
      }
    }
    if (ancestor < 0) ancestor = Math.max(0, Number(await this.client.getBlockNumber({ cacheTime: 0 })) - 64);
    const touched: string[] = [];
    this.fenced(() => {
      for (const tx of ledger.aboveBlock(chain.network, ancestor)) {
        const vanished = facts.gone(tx, { rail: 'evm', reason: 'reorg', ancestor });
        if (vanished.changed) touched.push(vanished.traceId);
        if (vanished.wasConfirmed)
          this.deps.logger.error('a confirmed transaction was reorganised away', { txid: tx.txid, ancestor });
      }
      this.blocks.dropAbove(chain.chainId, ancestor);
    });
    this.deps.logger.warn('evm reorg', { network: chain.network, ancestor });
    if (touched.length) this.deps.onCommitted?.(touched);
  }
}
