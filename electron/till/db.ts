/** till.db: the till's schema (order book, settings), as ordered migrations. */
import { openDatabase, type Db, type Migration } from '../platform/db.js';

export const tillMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'settings',
    up(db) {
      db.exec(`
        CREATE TABLE settings (
          key   TEXT PRIMARY KEY,
          value TEXT NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    version: 2,
    name: 'order book',
    up(db) {
      db.exec(`
        -- Every order the till made, written before the gateway is called (write ahead).
        CREATE TABLE orders (
          order_id            TEXT PRIMARY KEY,
          trace_id            TEXT NOT NULL UNIQUE,
          payee_id            TEXT NOT NULL,
          quote_asset_id      TEXT NOT NULL,
          quote_symbol        TEXT NOT NULL,
          quote_amount        TEXT NOT NULL,
          payment_asset_id    TEXT NOT NULL,
          is_chain            INTEGER NOT NULL,
          settlement_asset_id TEXT NOT NULL,
          note                TEXT NOT NULL,
          callback_url        TEXT NOT NULL,
          status              TEXT NOT NULL,            -- 'queued' until the gateway has it, then its result status
          instruction         TEXT NOT NULL DEFAULT '', -- JSON: the latest payment instruction (spec 2.2)
          transfer_trace      TEXT NOT NULL DEFAULT '', -- the wallet QR's transfer id for that instruction
          result              TEXT NOT NULL DEFAULT '', -- JSON: the latest payments_result
          mismatch            TEXT NOT NULL DEFAULT '',
          last_error          TEXT NOT NULL DEFAULT '',
          created_at          INTEGER NOT NULL,
          updated_at          INTEGER NOT NULL,
          ended_at            INTEGER NOT NULL DEFAULT 0
        ) STRICT;
        CREATE INDEX orders_created ON orders (created_at);
        CREATE INDEX orders_open ON orders (status) WHERE status NOT IN ('success', 'failed');
        CREATE TABLE order_events (
          id       INTEGER PRIMARY KEY,
          order_id TEXT NOT NULL REFERENCES orders (order_id),
          at       INTEGER NOT NULL,
          kind     TEXT NOT NULL,
          text     TEXT NOT NULL
        ) STRICT;
        CREATE INDEX order_events_order ON order_events (order_id, id);
      `);
    },
  },
  {
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
  },
];

export function openTillDb(file: string): Db {
  return openDatabase({ file, migrations: tillMigrations });
}
