/**
 * The EVM rails of a live gateway: the stored configuration, one scanner per chain, which catalogue
 * assets are live, and the merchant's view and edit of it (GET/POST /v1/merchant/rails/evm). A
 * configuration is accepted only after the schema, the catalogue and the nodes agree with it; a
 * stored one that no longer fits the catalogue is not applied (nothing is offered live, and the
 * view says why). Credentials inside RPC URLs are kept for the rail and masked everywhere else.
 */
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import type { Logger } from '../../platform/logger.js';
import type { Asset, Catalog } from '../catalog.js';
import { GatewayError, paramError } from '../errors.js';
import type { PaymentsStore } from '../payments-store.js';
import type { ResultEngine } from '../results/engine.js';
import type { Ledger } from '../results/ledger.js';
import { checkAgainstCatalog } from './evm-catalog.js';
import {
  EvmConfigInputSchema,
  firstIssue,
  maskConfig,
  readEvmConfig,
  unmaskRpcUrls,
  writeEvmConfig,
  type EvmAsset,
  type EvmChain,
  type EvmConfig,
} from './evm-config.js';
import { probeEvmConfig } from './evm-probe.js';
import { EvmChainScanner, type ChainHealth } from './evm-rail.js';
import { nextDepositAddress } from './hd-addresses.js';

export interface EvmRailsDeps {
  db: Db;
  store: PaymentsStore;
  ledger: Ledger;
  engine: ResultEngine;
  catalog: Catalog;
  clock: Clock;
  logger: Logger;
  mode: 'sandbox' | 'live';
  pollMs?: number;
  /** Timeout of each node question at configuration (ms). */
  probeTimeoutMs?: number;
  onCommitted: (traceIds: readonly string[]) => void;
}

export interface EvmRailsView {
  mode: 'sandbox' | 'live';
  config: EvmConfig | null;
  health: ChainHealth[];
  /** Why the stored configuration is not applied ("" when it is). */
  problem: string;
}

export class EvmRails {
  private config: EvmConfig | undefined;
  /** The configuration actually running (undefined when the stored one does not fit the catalogue). */
  private active: EvmConfig | undefined;
  private problem = '';
  private scanners: EvmChainScanner[] = [];
  /** Saves run one after another: two at once would interleave stopping and starting scanners. */
  private saving: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: EvmRailsDeps) {
    if (deps.mode !== 'live') return;
    this.config = readEvmConfig(deps.db, (problem) => {
      this.problem = `the stored configuration is not valid (${problem}); save a corrected one`;
      deps.logger.error('stored EVM rail configuration refused', { problem });
    });
  }

  /** Starts the stored configuration (at gateway start). */
  async start(): Promise<void> {
    await this.apply(this.config, new Map());
  }

  /** The chain and configured asset that carry a catalogue asset live, if any. */
  railFor(asset: Pick<Asset, 'assetId' | 'network'>): { chain: EvmChain; asset: EvmAsset } | undefined {
    for (const chain of this.active?.chains ?? []) {
      if (chain.network !== asset.network) continue;
      const configured = chain.assets.find((a) => a.assetId === asset.assetId);
      if (configured) return { chain, asset: configured };
    }
    return undefined;
  }

  /** A fresh watch-only address for a live asset (call inside the transaction that stores it). */
  depositAddress(asset: Asset): { destination: string; tag: string } | undefined {
    if (!this.active || !this.railFor(asset)) return undefined;
    return { destination: nextDepositAddress(this.deps.db, this.active.xpub).address, tag: '' };
  }

  /** What a payment URI needs beyond the spec's asset fields (EIP-681: chain id, contract, decimals). */
  assetExtras(assetId: string): Record<string, unknown> | undefined {
    for (const chain of this.active?.chains ?? []) {
      const asset = chain.assets.find((a) => a.assetId === assetId);
      if (asset)
        return {
          chainId: chain.chainId,
          decimals: asset.decimals,
          ...(asset.kind === 'erc20' ? { contract: asset.contract } : {}),
        };
    }
    return undefined;
  }

  view(): EvmRailsView {
    return {
      mode: this.deps.mode,
      config: this.config ? maskConfig(this.config) : null,
      health: this.scanners.map((s) => s.health),
      problem: this.problem,
    };
  }

  /** POST /v1/merchant/rails/evm: validates (schema, catalogue, nodes), stores and applies; 10011 names the field. */
  configure(body: unknown): Promise<EvmRailsView> {
    const run = this.saving.then(() => this.save(body));
    this.saving = run.catch(() => undefined);
    return run;
  }

  private async save(body: unknown): Promise<EvmRailsView> {
    if (this.deps.mode !== 'live')
      throw paramError(
        'mode',
        'real rails run in live mode; this data directory is a sandbox (start a live one with --mode live)',
      );
    const parsed = EvmConfigInputSchema.safeParse(body);
    if (!parsed.success) {
      const { field, message } = firstIssue(parsed.error);
      throw paramError(field, message);
    }
    const unmasked = unmaskRpcUrls(parsed.data, this.config);
    if ('field' in unmasked)
      throw paramError(unmasked.field, 'holds a masked credential (***) that matches no stored URL; give the full URL');
    checkAgainstCatalog(unmasked.config, this.deps.catalog);
    const probed = await probeEvmConfig(unmasked.config, { timeoutMs: this.deps.probeTimeoutMs });
    writeEvmConfig(this.deps.db, probed.config);
    this.config = probed.config;
    this.problem = '';
    await this.apply(probed.config, probed.unreachable);
    return this.view();
  }

  private async apply(
    config: EvmConfig | undefined,
    unreachable: ReadonlyMap<number, ReadonlyMap<number, string>>,
  ): Promise<void> {
    await this.stop();
    this.active = undefined;
    if (this.deps.mode !== 'live') return;
    if (config) {
      try {
        checkAgainstCatalog(config, this.deps.catalog);
        this.active = config;
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        this.problem = `the stored configuration does not fit the catalogue (${error.message}); save a corrected one`;
        this.deps.logger.error('stored EVM rail configuration refused', { problem: error.message });
      }
    }
    const chains = this.active?.chains ?? [];
    // Only assets of a running rail are offered live: nothing else could give a watched address.
    this.deps.catalog.setLive(
      new Set(chains.flatMap((c) => c.assets.map((a) => a.assetId))),
      new Map(chains.map((c) => [c.network, c.requiredConfirmations])),
    );
    const { db, store, ledger, engine, clock, logger, pollMs, onCommitted } = this.deps;
    for (const [i, chain] of chains.entries()) {
      const scanner = new EvmChainScanner({
        db,
        store,
        ledger,
        engine,
        clock,
        logger: logger.child({ part: 'evm', network: chain.network }),
        chain,
        initialProblems: unreachable.get(i),
        pollMs,
        onCommitted,
      });
      this.scanners.push(scanner);
      scanner.start();
    }
  }

  async stop(): Promise<void> {
    const running = this.scanners;
    this.scanners = [];
    await Promise.all(running.map((s) => s.stop()));
  }
}
