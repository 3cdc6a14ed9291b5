/** PostgreSQL version 9, the twin of gateway/migrations/009-price-sources.ts. Shipped: never edited. */
import type { PgMigration } from '../migrate.js';

export const pgMigration009: PgMigration = {
  version: 9,
  name: 'live prices: observations per source, source health, and the rate used by every instruction',
  sql: `
    CREATE TABLE price_observations (
      rate_key    text NOT NULL,
      source_id   text NOT NULL,
      usd_price   text NOT NULL,
      observed_at bigint NOT NULL,
      max_age_ms  bigint NOT NULL,
      fetched_at  bigint NOT NULL,
      PRIMARY KEY (rate_key, source_id)
    );
    CREATE TABLE price_source_health (
      source_id       text PRIMARY KEY,
      last_ok_at      bigint NOT NULL DEFAULT 0,
      last_error      text NOT NULL DEFAULT '',
      last_error_at   bigint NOT NULL DEFAULT 0,
      failures        bigint NOT NULL DEFAULT 0,
      next_attempt_at bigint NOT NULL DEFAULT 0
    );
    ALTER TABLE instructions ADD COLUMN price_source text NOT NULL DEFAULT '';
    ALTER TABLE instructions ADD COLUMN price_at bigint NOT NULL DEFAULT 0;
  `,
};
