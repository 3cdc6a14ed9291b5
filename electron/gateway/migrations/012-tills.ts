/**
 * gateway.db version 12: tills as clients of a shop server (docs/api.md, "Tills"). The owner
 * registers each till by name and gets a till key once; only its sha256 is kept. A till key works
 * for the merchant operations a till needs, never for till management or settings. Each payment
 * remembers the till that created it ('' for the merchant key or no key), so the owner's report can
 * cover the whole shop or one till. Plain SQL a PostgreSQL port can mirror as it is.
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

/** Exactly as shipped (kept outside the migration so its length is the SQL's, not a function's). */
const sql = `
        CREATE TABLE tills (
          till_id      TEXT PRIMARY KEY,
          name         TEXT NOT NULL,
          key_hash     TEXT NOT NULL,          -- hex sha256 of the till key (a 256-bit random key)
          created_at   INTEGER NOT NULL,       -- unix ms, gateway clock
          last_used_at INTEGER NOT NULL DEFAULT 0,
          revoked_at   INTEGER NOT NULL DEFAULT 0 -- 0 while the key works
        ) STRICT;
        CREATE UNIQUE INDEX tills_key_hash ON tills (key_hash);
        CREATE UNIQUE INDEX tills_live_name ON tills (name) WHERE revoked_at = 0;
        ALTER TABLE payments ADD COLUMN till_id TEXT NOT NULL DEFAULT '';
        -- One index for the report (migration 7 keeps creates to the indexes they need): a period
        -- is a range of it, a till is filtered inside the index; created_at only grows, so a create
        -- appends to its last page.
        CREATE INDEX payments_created_till ON payments (created_at, till_id);
      `;

export const migration012: Migration = {
  version: 12,
  name: 'tills with hashed till keys; payments remember the till that created them',
  up: (db) => db.exec(sql),
};
