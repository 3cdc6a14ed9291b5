/**
 * till.db migration 10: the item catalogue (catalogue/items.ts owns the table). Prices are canonical
 * decimal text in the shop currency; a SKU or barcode, when given, belongs to one item only.
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

export const migration: Migration = {
  version: 10,
  name: 'catalogue',
  up(db) {
    db.exec(`
      CREATE TABLE items (
        item_id    TEXT PRIMARY KEY,
        name       TEXT NOT NULL,
        price      TEXT NOT NULL,            -- decimal text, shop currency
        category   TEXT NOT NULL DEFAULT '', -- '' is "Other"
        tax_rate   TEXT NOT NULL DEFAULT '0',-- percent
        sku        TEXT NOT NULL DEFAULT '',
        barcode    TEXT NOT NULL DEFAULT '',
        colour     TEXT NOT NULL DEFAULT '', -- '#rrggbb' or ''
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX items_sku ON items (sku) WHERE sku <> '';
      CREATE UNIQUE INDEX items_barcode ON items (barcode) WHERE barcode <> '';
      CREATE INDEX items_category ON items (category, name);
    `);
  },
};
