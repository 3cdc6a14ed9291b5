/**
 * till.db migration (issue 18; numbered 013 for the merge, version 10 on its own branch): the refunds
 * the till's managers asked for, as the gateway last reported them, so the day review, the CSV and
 * the slip work from till.db (also offline). Schema only.
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

export const migration: Migration = {
  version: 13,
  name: 'refunds',
  up(db) {
    db.exec(`
      CREATE TABLE refunds (
        refund_id        TEXT PRIMARY KEY,
        order_id         TEXT NOT NULL REFERENCES orders (order_id),
        trace_id         TEXT NOT NULL,
        asset_id         TEXT NOT NULL,
        symbol           TEXT NOT NULL,
        amount           TEXT NOT NULL,
        quote_asset_id   TEXT NOT NULL,
        quote_symbol     TEXT NOT NULL,
        quote_value      TEXT NOT NULL,  -- at the payment's own rate ('' unknown)
        quote_today      TEXT NOT NULL,  -- at the rate when asked ('' unknown)
        destination      TEXT NOT NULL,
        reason           TEXT NOT NULL,
        status           TEXT NOT NULL,  -- to_send | sent | confirmed | flagged (the gateway's word)
        txid             TEXT NOT NULL DEFAULT '',
        flag_reason      TEXT NOT NULL DEFAULT '',
        staff_id         TEXT NOT NULL,
        staff_name       TEXT NOT NULL,
        created_at       INTEGER NOT NULL, -- till clock ms
        updated_at       INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX refunds_order ON refunds (order_id, created_at);
      CREATE INDEX refunds_created ON refunds (created_at);
    `);
  },
};
