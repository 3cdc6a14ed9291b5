/**
 * Keeps the live prices fresh (README "Price sources"): every source is asked on a schedule
 * (`refreshSeconds`), at once when a quote finds its price past half its age, and after a failure only
 * once its back-off has passed (doubling from the refresh period up to 15 minutes), so a failing
 * exchange is not hammered. The schedule lives in gateway.db (next attempt per source), so a restart
 * keeps the back-off. Times are real: the market does not follow the sandbox clock.
 */
import type { Db } from '../../platform/db.js';
import type { Logger } from '../../platform/logger.js';
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
}

/** The wait before the next attempt after `failures` failures in a row. */
export function backoffMs(refreshMs: number, failures: number): number {
  return Math.min(refreshMs * 2 ** Math.min(failures, 20), MAX_BACKOFF_MS);
}

export class PriceRefresher {
  private sources: PriceSource[] = [];
  private config: PriceSourcesConfig | undefined;
  private readonly running = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: RefresherDeps) {}

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
    const run = this.ask(source).finally(() => this.running.delete(source.id));
    this.running.set(source.id, run);
    return run;
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
  }
}
