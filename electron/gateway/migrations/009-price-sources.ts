/**
 * gateway.db version 9: live prices. Each configured price source's latest price per asset or
 * currency, with when it was true and how long it may be used; each source's health and back-off;
 * and, with every instruction, where its price came from and how old it was (the rate used).
 * Schema only: instructions made before it keep '' and 0 (the price column they already had stays).
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

/** Exactly as shipped (kept outside the migration so its length is the SQL's, not a function's). */
const sql = `
        CREATE TABLE price_observations (
          rate_key    TEXT NOT NULL,
          source_id   TEXT NOT NULL,
          usd_price   TEXT NOT NULL,
          observed_at INTEGER NOT NULL, -- real ms: when the price was true (a feed round's updatedAt, a fetch)
          max_age_ms  INTEGER NOT NULL, -- how long after observed_at it may price a quote
          fetched_at  INTEGER NOT NULL, -- real ms
          PRIMARY KEY (rate_key, source_id)
        ) STRICT;
        CREATE TABLE price_source_health (
          source_id       TEXT PRIMARY KEY,
          last_ok_at      INTEGER NOT NULL DEFAULT 0,
          last_error      TEXT NOT NULL DEFAULT '',
          last_error_at   INTEGER NOT NULL DEFAULT 0,
          failures        INTEGER NOT NULL DEFAULT 0, -- in a row; drives the back-off
          next_attempt_at INTEGER NOT NULL DEFAULT 0  -- real ms
        ) STRICT;
        ALTER TABLE instructions ADD COLUMN price_source TEXT NOT NULL DEFAULT '';
        ALTER TABLE instructions ADD COLUMN price_at INTEGER NOT NULL DEFAULT 0;
      `;

export const migration009: Migration = {
  version: 9,
  name: 'live prices: observations per source, source health, and the rate used by every instruction',
  up: (db) => db.exec(sql),
};
