/** PostgreSQL version 7, the twin of gateway/migrations/007-scheduler-indexes.ts. Shipped: never edited. */
import type { PgMigration } from '../migrate.js';

export const pgMigration007: PgMigration = {
  version: 7,
  name: 'payments: only the indexes the scheduler reads (every index costs each create a page write)',
  sql: `
    DROP INDEX payments_open;
    DROP INDEX payments_created;
    CREATE INDEX payments_grace ON payments (expired_at) WHERE status = 'confirming' AND deadline_passed = 1;
  `,
};
