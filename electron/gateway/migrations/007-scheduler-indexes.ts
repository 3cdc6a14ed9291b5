/**
 * gateway.db version 7: only the indexes the scheduler reads, as every index costs each create a
 * page write. Indexes only.
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

/** Exactly as shipped (kept outside the migration so its length is the SQL's, not a function's). */
const sql = `
        DROP INDEX payments_open;
        DROP INDEX payments_created;
        CREATE INDEX payments_grace ON payments (expired_at) WHERE status = 'confirming' AND deadline_passed = 1;
      `;

export const migration007: Migration = {
  version: 7,
  name: 'payments: only the indexes the scheduler reads (every index costs each create a page write)',
  up: (db) => db.exec(sql),
};
