/**
 * The EVM rail of a live gateway (docs/api.md, "Live rails"): the stored configuration, one scanner
 * per chain, which catalogue assets are live, watch-only deposit addresses, and the merchant's view
 * and edit of it (GET/POST /v1/merchant/rails/evm). A configuration is accepted only after the
 * schema, the catalogue and the nodes agree with it; a stored one that no longer fits the catalogue
 * is not applied (nothing is offered live, and the view says why). Credentials inside RPC URLs are
 * kept for the rail and masked everywhere else. In sandbox mode it carries nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db.js';
import type { Logger } from '../../../platform/logger.js';
import type { Asset, Catalog } from '../../catalog.js';
import { GatewayError, paramError } from '../../errors.js';
import type { PaymentsStore } from '../../payments/store.js';
import type { Ledger } from '../../results/ledger.js';
import type { RouteHelpers } from '../../routes.js';
import type { TransactionFacts } from '../facts.js';
import type { DepositAddress, Rail } from '../rail.js';
import type { PayoutChecker, PayoutDetection, PayoutVerdict } from '../../refunds/checks.js';
import type { RefundRow } from '../../refunds/store.js';
import { FOLLOW_EVERY_MS, MetaFollower } from '../../meta-follower.js';
import { systemClock } from '../../../platform/clock.js';
import { checkAgainstCatalog } from './catalog.js';
import { checkEvmPayout, detectEvmPayout } from './payout-check.js';
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
} from './config.js';
import { nextDepositAddress } from './hd-addresses.js';
import { probeEvmConfig } from './probe.js';
import { EvmChainScanner, type ChainHealth } from './scanner.js';

export interface EvmRailDeps {
  db: Db;
  store: PaymentsStore;
  ledger: Ledger;
  facts: TransactionFacts;
  catalog: Catalog;
  clock: Clock;
  logger: Logger;
  mode: 'sandbox' | 'live';
  pollMs?: number;
  /** Timeout of each node question at configuration (ms). */
  probeTimeoutMs?: number;
  onCommitted: (traceIds: readonly string[]) => void;
  /** Real time, for how often a server process looks for a configuration saved through another. */
  realNow?: () => number;
}

export interface EvmRailView {
  mode: 'sandbox' | 'live';
  config: EvmConfig | null;
  health: ChainHealth[];
  /** Why the stored configuration is not applied ("" when it is). */
  problem: string;
}

export class EvmRail implements Rail, PayoutChecker {
  readonly name = 'evm';
  private config: EvmConfig | undefined;
  /** The configuration actually running (undefined when the stored one does not fit the catalogue). */
  private active: EvmConfig | undefined;
  private problem = '';
  private scanners: EvmChainScanner[] = [];
  /** Saves run one after another: two at once would interleave stopping and starting scanners. */
  private saving: Promise<unknown> = Promise.resolve();
  /** A configuration saved through another server process over the same database (meta-follower.ts). */
  private readonly follower: MetaFollower;
  private following: NodeJS.Timeout | undefined;

  constructor(private readonly deps: EvmRailDeps) {
    this.follower = new MetaFollower(deps.db, 'evm_rail', deps.realNow ?? systemClock.now);
    if (deps.mode !== 'live') return;
    this.config = this.readStored();
  }

  private readStored(): EvmConfig | undefined {
    this.problem = '';
    return readEvmConfig(this.deps.db, (problem) => {
      this.problem = `the stored configuration is not valid (${problem}); save a corrected one`;
      this.deps.logger.error('stored EVM rail configuration refused', { problem });
    });
  }

  /** Starts the stored configuration (at gateway start), and follows changes other processes save. */
  async start(): Promise<void> {
    if (this.deps.mode === 'live') {
      this.following = setInterval(() => this.follow(), FOLLOW_EVERY_MS);
      this.following.unref();
    }
    await this.apply(this.config, new Map());
  }

  /** Applies a configuration another server process stored (in turn with this process's own saves). */
  private follow(): void {
    if (!this.follower.changed()) return;
    const run = this.saving.then(async () => {
      this.config = this.readStored();
      this.deps.logger.info('EVM rail configuration saved through another server process: applied');
      await this.apply(this.config, new Map());
    });
    this.saving = run.catch((error: unknown) =>
      this.deps.logger.error('applying the EVM rail configuration failed', { error: String(error) }),
    );
  }

  /** The chain and configured asset that carry a catalogue asset live, if any. */
  private chainFor(asset: Pick<Asset, 'assetId' | 'network'>): { chain: EvmChain; asset: EvmAsset } | undefined {
    for (const chain of this.active?.chains ?? []) {
      if (chain.network !== asset.network) continue;
      const configured = chain.assets.find((a) => a.assetId === asset.assetId);
      if (configured) return { chain, asset: configured };
    }
    return undefined;
  }

  carries(asset: Asset): boolean {
    return this.chainFor(asset) !== undefined;
  }

  /** A fresh watch-only address for a live asset (call inside the transaction that stores it). */
  depositAddress(asset: Asset): DepositAddress {
    if (!this.active || !this.chainFor(asset)) throw new Error(`the EVM rail does not carry ${asset.assetId}`);
    return { destination: nextDepositAddress(this.deps.db, this.active.xpub).address, tag: '' };
  }

  /** What a payment URI needs beyond the API's asset fields (EIP-681: chain id, contract, decimals; docs/api.md, "Asset lists"). */
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

  health(): ChainHealth[] {
    return this.scanners.map((s) => s.health);
  }

  /** Payout checks (refunds/checks.ts): a refund in an asset this rail carries live. */
  handles(row: Pick<RefundRow, 'asset_id' | 'network'>): boolean {
    return this.chainFor({ assetId: row.asset_id, network: row.network }) !== undefined;
  }

  /** The chain, configured asset and a node for a refund's asset (throws when it is not carried now). */
  private async nodeFor(row: RefundRow) {
    const found = this.chainFor({ assetId: row.asset_id, network: row.network });
    const index = this.active?.chains.findIndex((c) => c === found?.chain) ?? -1;
    const scanner = this.scanners[index];
    if (!found || !scanner) throw new Error(`the EVM rail does not carry ${row.asset_id} now`);
    return { ...found, client: await scanner.node() };
  }

  async check(row: RefundRow): Promise<PayoutVerdict> {
    const { client, asset, chain } = await this.nodeFor(row);
    return checkEvmPayout(client, row, asset, chain.requiredConfirmations);
  }

  async detect(row: RefundRow): Promise<PayoutDetection> {
    const { client, asset } = await this.nodeFor(row);
    return detectEvmPayout(client, row, asset, row.sent_height);
  }

  /** Scanners keep their own pace (pollMs); nothing falls due on the gateway clock. */
  due(): void {}

  /** The merchant's view and edit of the configuration, in either mode (a sandbox refuses the edit). */
  registerRoutes(app: FastifyInstance, helpers: RouteHelpers): void {
    app.get('/v1/merchant/rails/evm', async (request, reply) => {
      helpers.merchantOnly(request);
      return helpers.ok(reply, this.view());
    });
    app.post('/v1/merchant/rails/evm', async (request, reply) => {
      helpers.merchantOnly(request);
      return helpers.ok(reply, await this.configure(request.body));
    });
  }

  view(): EvmRailView {
    return {
      mode: this.deps.mode,
      config: this.config ? maskConfig(this.config) : null,
      health: this.health(),
      problem: this.problem,
    };
  }

  /** POST /v1/merchant/rails/evm: validates (schema, catalogue, nodes), stores and applies; 10011 names the field. */
  configure(body: unknown): Promise<EvmRailView> {
    const run = this.saving.then(() => this.save(body));
    this.saving = run.catch(() => undefined);
    return run;
  }

  private async save(body: unknown): Promise<EvmRailView> {
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
    this.follower.wrote(JSON.stringify(probed.config));
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
    const { db, store, ledger, facts, clock, logger, pollMs, onCommitted } = this.deps;
    for (const [i, chain] of chains.entries()) {
      const scanner = new EvmChainScanner({
        db,
        store,
        ledger,
        facts,
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

  async close(): Promise<void> {
    if (this.following) clearInterval(this.following);
    await this.stop();
  }

  private async stop(): Promise<void> {
    const running = this.scanners;
    this.scanners = [];
    await Promise.all(running.map((s) => s.stop()));
  }
}
