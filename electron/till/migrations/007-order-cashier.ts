/**
 * till.db migration 7: who rang each order up (orders/book.ts owns the table). The account id and the
 * display name at the time of the sale, so a renamed or retired account still shows on old receipts.
 * Orders from before staff accounts keep '' (shown as no cashier).
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

export const migration: Migration = {
  version: 7,
  name: 'order cashier',
  up(db) {
    db.exec(`
      ALTER TABLE orders ADD COLUMN cashier_id TEXT NOT NULL DEFAULT '';
      ALTER TABLE orders ADD COLUMN cashier_name TEXT NOT NULL DEFAULT '';
    `);
  },
};
