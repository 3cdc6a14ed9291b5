/**
 * till.db migration 6: staff accounts (staff/accounts.ts owns the table). An existing till with its
 * single owner PIN (settings' `ownerPinHash`) gets an owner account `owner` with that same PIN hash,
 * so the owner signs in as before and the PIN lockout rows kept under `owner` still apply.
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

export const migration: Migration = {
  version: 6,
  name: 'staff accounts',
  up(db) {
    db.exec(`
      CREATE TABLE staff (
        account_id TEXT PRIMARY KEY,
        name       TEXT NOT NULL,
        role       TEXT NOT NULL CHECK (role IN ('cashier', 'manager', 'owner')),
        pin_hash   TEXT NOT NULL,             -- scrypt:salt:hash; never the PIN
        active     INTEGER NOT NULL DEFAULT 1, -- 0: may no longer sign in (kept for attribution)
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX staff_name ON staff (name COLLATE NOCASE);

      INSERT INTO staff (account_id, name, role, pin_hash, active, created_at, updated_at)
        SELECT 'owner', 'Owner', 'owner', json_extract(value, '$.ownerPinHash'), 1, 0, 0
        FROM settings
        WHERE key = 'till' AND json_valid(value) AND coalesce(json_extract(value, '$.ownerPinHash'), '') <> '';
    `);
  },
};
