/**
 * till.db migration 2: order book. The order book: orders and their history (orders/book.ts owns both tables).
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

export const migration: Migration = {
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
};
