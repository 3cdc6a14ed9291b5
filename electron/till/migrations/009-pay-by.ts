/**
 * till.db migration 9: pay by. Each order's deadline (ms on the till's clock) from the shop's "time to
 * pay" setting, sent to the gateway as the payment's deadline; 0 for orders written before (no deadline).
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

export const migration: Migration = {
  version: 9,
  name: 'pay by',
  up(db) {
    db.exec(`ALTER TABLE orders ADD COLUMN pay_by INTEGER NOT NULL DEFAULT 0;`);
  },
};
