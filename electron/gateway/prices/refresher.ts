/**
 * Keeps the live prices fresh (README "Price sources"): every source is asked on a schedule
 * (`refreshSeconds`), at once when a quote finds its price past half its age, and after a failure only
 * once its back-off has passed (doubling from the refresh period up to 15 minutes), so a failing
 * exchange is not hammered. The schedule lives in gateway.db (next attempt per source), so a restart
 * keeps the back-off. Times are real: the market does not follow the sandbox clock.
 * Several server processes over one database ask each source once: the process asking holds the
 * source's lease (leases.ts) and stores the answer; the others quote from what it stored and take
 * the lease over when its holder stops asking (stopped or dead: two refresh periods, 10 s at least).
 */
import type { Db } from '../../platform/db.js';
import type { Logger } from '../../platform/logger.js';
import { Leases } from '../leases.js';
import { ChainlinkSource } from './chainlink.js';
import { keysOf, type PriceSourceConfig, type PriceSourcesConfig } from './config.js';
import { FixedSource, type PriceSource } from './source.js';
import { SpotSource } from './spot.js';
import type { PriceStore } from './store.js';

const MAX_BACKOFF_MS = 15 * 60_000;

export interface RefresherDeps {
  db: Db;
  store: PriceStore;
  logger: Logger;
  realNow: () => number;
  /** Extra CAs the spot client trusts (the till's own certificate). */
  trustedCa?: readonly string[];
  /** How often due sources are looked for (ms); at most the refresh period. */
  tickMs?: number;
  /** Who asks a source when several server processes share the database; default: a new owner on real time. */
  leases?: Leases;
}

const leaseOf = (sourceId: string) => `price-source:${sourceId}`;

/** The wait before the next attempt after `failures` failures in a row. */
export function backoffMs(refreshMs: number, failures: number): number {
  return Math.min(refreshMs * 2 ** Math.min(failures, 20), MAX_BACKOFF_MS);
}

export class PriceRefresher {
  private sources: PriceSource[] = [];
  private config: PriceSourcesConfig | undefined;
  private readonly running = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private readonly leases: Leases;
  /** Sources whose lease this process took: released at a clean stop. */
  private readonly held = new Set<string>();

  constructor(private readonly deps: RefresherDeps) {
    this.leases = deps.leases ?? new Leases(deps.db, { now: deps.realNow });
  }

  private build(source: PriceSourceConfig): PriceSource {
    const { db, realNow, trustedCa } = this.deps;
    switch (source.kind) {
      case 'chainlink':
        return new ChainlinkSource(source, db, realNow);
      case 'spot':
        return new SpotSource(source, realNow, trustedCa);
      case 'fixed':
        return new FixedSource(source, realNow);
    }
  }

  /** Applies a configuration: observations of removed sources are dropped, every source is asked at once. */
  configure(config: PriceSourcesConfig, fresh: boolean): void {
    for (const source of this.sources) source.close?.();
    this.config = config;
    this.sources = config.sources.map((s) => this.build(s));
    if (fresh)
      this.deps.store.keepOnly(
        config.sources.map((s) => s.id),
        new Map(config.sources.map((s) => [s.id, keysOf(s)])),
      );
    this.refreshDue();
  }

  start(): void {
    const tick = Math.min(this.deps.tickMs ?? 1000, (this.config?.refreshSeconds ?? 60) * 1000);
    this.timer = setInterval(() => this.refreshDue(), tick);
    this.timer.unref();
  }

  /** Asks every source whose next attempt has come. */
  refreshDue(): void {
    const now = this.deps.realNow();
    for (const source of this.sources)
      if (this.deps.store.health(source.id).next_attempt_at <= now) void this.refresh(source);
  }

  /** A quote found these sources' prices aging: ask them now, unless they are backing off after failures. */
  readonly refreshSoon = (sourceIds: readonly string[]): void => {
    const now = this.deps.realNow();
    for (const source of this.sources) {
      if (!sourceIds.includes(source.id)) continue;
      const health = this.deps.store.health(source.id);
      if (health.failures === 0 || health.next_attempt_at <= now) void this.refresh(source);
    }
  };

  /** Asks one source (one question at a time per source); resolves when its answer is stored. */
  refresh(source: PriceSource): Promise<void> {
    const pending = this.running.get(source.id);
    if (pending) return pending;
    if (!this.claim(source)) return Promise.resolve();
    const run = this.ask(source).finally(() => this.running.delete(source.id));
    this.running.set(source.id, run);
    return run;
  }

  /** Takes or renews the source's lease; false while another process asks it (always true on gateway.db). */
  private claim(source: PriceSource): boolean {
    const refreshMs = (this.config?.refreshSeconds ?? 60) * 1000;
    const held = this.leases.hold(leaseOf(source.id), Math.max(10_000, 2 * refreshMs));
    if (held) this.held.add(source.id);
    else this.held.delete(source.id);
    return held;
  }

  private async ask(source: PriceSource): Promise<void> {
    const { store, realNow, logger } = this.deps;
    const refreshMs = (this.config?.refreshSeconds ?? 60) * 1000;
    try {
      const observations = await source.fetch();
      if (!this.sources.includes(source)) return;
      store.answered(source.id, observations, realNow(), realNow() + refreshMs);
    } catch (error) {
      if (!this.sources.includes(source)) return;
      const message = error instanceof Error ? error.message : String(error);
      const failures = store.health(source.id).failures + 1;
      store.failed(source.id, message, realNow(), realNow() + backoffMs(refreshMs, failures));
      logger.warn('price source failed', { source: source.id, failures, error: message });
    }
  }

  /** Waits for the questions under way (tests, close). */
  async settled(): Promise<void> {
    await Promise.all([...this.running.values()]);
  }

  /** Stops: questions under way are not waited for (a node may take long); their answers are dropped. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const sources = this.sources;
    this.sources = [];
    for (const source of sources) source.close?.();
    // A clean stop hands the sources over at once; a killed process's leases just run out.
    for (const id of this.held) this.leases.release(leaseOf(id));
    this.held.clear();
  }
}
