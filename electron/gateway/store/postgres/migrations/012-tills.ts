/**
 * PostgreSQL version 12, the twin of gateway/migrations/012-tills.ts: tills with hashed till keys,
 * and the till that created each payment. Shipped: never edited.
 */
import type { PgMigration } from '../migrate.js';

export const pgMigration012: PgMigration = {
  version: 12,
  name: 'tills with hashed till keys; payments remember the till that created them',
  sql: `
    CREATE TABLE tills (
      till_id      text PRIMARY KEY,
      name         text NOT NULL,
      key_hash     text NOT NULL,
      created_at   bigint NOT NULL,
      last_used_at bigint NOT NULL DEFAULT 0,
      revoked_at   bigint NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX tills_key_hash ON tills (key_hash);
    CREATE UNIQUE INDEX tills_live_name ON tills (name) WHERE revoked_at = 0;
    ALTER TABLE payments ADD COLUMN till_id text NOT NULL DEFAULT '';
    CREATE INDEX payments_created_till ON payments (created_at, till_id);
  `,
};
