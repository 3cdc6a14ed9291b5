/**
 * till.db migration 8: the audit log (audit/log.ts owns both tables). Append-only rows of sensitive
 * actions, each carrying the SHA-256 of the previous row (a hash chain), and the chain's head (the
 * last row's sequence and hash) so deleting the newest rows shows too (README, "Audit log").
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

export const migration: Migration = {
  version: 8,
  name: 'audit log',
  up(db) {
    db.exec(`
      CREATE TABLE audit_log (
        seq        INTEGER PRIMARY KEY,  -- 1, 2, 3, ... without gaps
        at         INTEGER NOT NULL,     -- ms on the till's clock
        actor_id   TEXT NOT NULL,        -- the account, '' before any account exists
        actor_name TEXT NOT NULL,
        action     TEXT NOT NULL,
        subject    TEXT NOT NULL,        -- what it was done to (an order, an account, a setting)
        detail     TEXT NOT NULL,        -- JSON: before and after, reasons; never a PIN or a key
        prev_hash  TEXT NOT NULL,        -- the previous row's hash ('' for the first row)
        hash       TEXT NOT NULL         -- SHA-256 over prev_hash and this row's fields
      ) STRICT;
      CREATE INDEX audit_log_at ON audit_log (at);
      CREATE TABLE audit_head (
        id   INTEGER PRIMARY KEY CHECK (id = 1),
        seq  INTEGER NOT NULL,
        hash TEXT NOT NULL
      ) STRICT;
    `);
  },
};
