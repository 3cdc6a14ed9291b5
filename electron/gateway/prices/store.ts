/**
 * The live prices in gateway.db (migration 009): each source's latest observation per asset or
 * currency, and each source's health and back-off. This module owns `price_observations` and
 * `price_source_health`; the rest of the gateway calls its functions.
 */
import type { Db } from '../../platform/db.js';
import type { PriceObservation } from './source.js';

export interface ObservationRow {
  rate_key: string;
  source_id: string;
  usd_price: string;
  observed_at: number;
  max_age_ms: number;
  fetched_at: number;
}

export interface HealthRow {
  source_id: string;
  last_ok_at: number;
  last_error: string;
  last_error_at: number;
  failures: number;
  next_attempt_at: number;
}

export class PriceStore {
  private readonly byKey;
  private readonly bySource;
  private readonly put;
  private readonly healthOf;

  constructor(private readonly db: Db) {
    this.byKey = db.prepare('SELECT * FROM price_observations WHERE rate_key = ? ORDER BY source_id');
    this.bySource = db.prepare('SELECT * FROM price_observations WHERE source_id = ? ORDER BY rate_key');
    this.put = db.prepare(
      `INSERT INTO price_observations (rate_key, source_id, usd_price, observed_at, max_age_ms, fetched_at)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (rate_key, source_id) DO UPDATE SET usd_price = excluded.usd_price,
       observed_at = excluded.observed_at, max_age_ms = excluded.max_age_ms, fetched_at = excluded.fetched_at`,
    );
    this.healthOf = db.prepare('SELECT * FROM price_source_health WHERE source_id = ?');
  }

  observationsOf(key: string): ObservationRow[] {
    return this.byKey.all(key) as ObservationRow[];
  }

  observationsBy(sourceId: string): ObservationRow[] {
    return this.bySource.all(sourceId) as ObservationRow[];
  }

  health(sourceId: string): HealthRow {
    const row = this.healthOf.get(sourceId) as HealthRow | undefined;
    return (
      row ?? { source_id: sourceId, last_ok_at: 0, last_error: '', last_error_at: 0, failures: 0, next_attempt_at: 0 }
    );
  }

  /** A source answered: its observations replace the previous ones, its failures are forgotten. */
  answered(sourceId: string, observations: readonly PriceObservation[], nowMs: number, nextMs: number): void {
    this.db.transaction(() => {
      for (const o of observations) this.put.run(o.key, sourceId, o.usdPrice, o.observedAtMs, o.maxAgeMs, nowMs);
      this.db
        .prepare(
          `INSERT INTO price_source_health (source_id, last_ok_at, failures, next_attempt_at) VALUES (?, ?, 0, ?)
           ON CONFLICT (source_id) DO UPDATE SET last_ok_at = excluded.last_ok_at, failures = 0,
           next_attempt_at = excluded.next_attempt_at`,
        )
        .run(sourceId, nowMs, nextMs);
    })();
  }

  /** A source failed: the error kept, one more failure in a row, the next attempt at `nextMs`. */
  failed(sourceId: string, error: string, nowMs: number, nextMs: number): void {
    this.db
      .prepare(
        `INSERT INTO price_source_health (source_id, last_error, last_error_at, failures, next_attempt_at)
         VALUES (?, ?, ?, 1, ?) ON CONFLICT (source_id) DO UPDATE SET last_error = excluded.last_error,
         last_error_at = excluded.last_error_at, failures = failures + 1, next_attempt_at = excluded.next_attempt_at`,
      )
      .run(sourceId, error.slice(0, 500), nowMs, nextMs);
  }

  /** After a new configuration: what sources no longer configured observed is dropped, the rest start afresh. */
  keepOnly(sourceIds: readonly string[], keysBySource: ReadonlyMap<string, readonly string[]>): void {
    this.db.transaction(() => {
      const rows = this.db.prepare('SELECT rate_key, source_id FROM price_observations').all() as ObservationRow[];
      const drop = this.db.prepare('DELETE FROM price_observations WHERE rate_key = ? AND source_id = ?');
      for (const row of rows)
        if (!keysBySource.get(row.source_id)?.includes(row.rate_key)) drop.run(row.rate_key, row.source_id);
      const health = this.db.prepare('SELECT source_id FROM price_source_health').pluck().all() as string[];
      const dropHealth = this.db.prepare('DELETE FROM price_source_health WHERE source_id = ?');
      for (const id of health) if (!sourceIds.includes(id)) dropHealth.run(id);
      this.db.prepare('UPDATE price_source_health SET next_attempt_at = 0, failures = 0').run();
    })();
  }
}
