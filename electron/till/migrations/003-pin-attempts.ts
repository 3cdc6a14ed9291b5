/**
 * till.db migration 3: pin attempts. Wrong PINs and lockouts per account (owner/pin-guard.ts owns the table).
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

export const migration: Migration = {
  version: 3,
  name: 'pin attempts',
  up(db) {
    db.exec(`
        -- Wrong PINs and lockouts per account ('owner' today; staff accounts later), kept across restarts.
        CREATE TABLE pin_attempts (
          account      TEXT PRIMARY KEY,
          failures     INTEGER NOT NULL DEFAULT 0, -- wrong PINs since the last right one or lockout
          lockouts     INTEGER NOT NULL DEFAULT 0, -- lockouts in a row: each one lasts twice as long
          locked_until INTEGER NOT NULL DEFAULT 0, -- ms on the till's clock; 0 when not locked
          updated_at   INTEGER NOT NULL            -- ms of the last wrong PIN
        ) STRICT;
      `);
  },
};
