/**
 * till.db migration 11: sales with lines and tenders (sales/book.ts owns both tables). A sale is what
 * the cart priced (its lines, discounts, taxes and tip, as JSON and as sums for reports) and how it was
 * paid: cash, card on an external terminal, and crypto through the gateway (its order in `orders`).
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

export const migration: Migration = {
  version: 11,
  name: 'sales and tenders',
  up(db) {
    db.exec(`
      CREATE TABLE sales (
        sale_id        TEXT PRIMARY KEY,
        created_at     INTEGER NOT NULL,
        cashier_id     TEXT NOT NULL,
        cashier_name   TEXT NOT NULL,
        currency       TEXT NOT NULL,          -- quote asset id of the shop currency
        symbol         TEXT NOT NULL,
        subtotal       TEXT NOT NULL,          -- decimal text, like every amount here
        discount_total TEXT NOT NULL,
        tax_total      TEXT NOT NULL,
        sale_total     TEXT NOT NULL,
        tip            TEXT NOT NULL,
        total          TEXT NOT NULL,          -- sale_total + tip
        priced         TEXT NOT NULL,          -- JSON: the priced cart (lines, tax breakdown, rules)
        order_id       TEXT NOT NULL DEFAULT '', -- the crypto part's order; '' when none
        shift_id       TEXT NOT NULL DEFAULT '',
        note           TEXT NOT NULL DEFAULT ''
      ) STRICT;
      CREATE INDEX sales_created ON sales (created_at);
      CREATE INDEX sales_order ON sales (order_id) WHERE order_id <> '';
      CREATE TABLE sale_tenders (
        sale_id   TEXT NOT NULL REFERENCES sales (sale_id),
        seq       INTEGER NOT NULL,
        kind      TEXT NOT NULL CHECK (kind IN ('cash', 'card', 'crypto')),
        amount    TEXT NOT NULL,
        tendered  TEXT NOT NULL DEFAULT '',
        change    TEXT NOT NULL DEFAULT '',
        reference TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (sale_id, seq)
      ) STRICT;
    `);
  },
};
