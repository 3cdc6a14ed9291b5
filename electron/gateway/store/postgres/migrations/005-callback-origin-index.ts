/** PostgreSQL version 5, the twin of gateway/migrations/005-callback-origin-index.ts. Shipped: never edited. */
import type { PgMigration } from '../migrate.js';

export const pgMigration005: PgMigration = {
  version: 5,
  name: "callback outbox: index of each endpoint's due work",
  sql: `
    CREATE INDEX callback_deliveries_origin_due ON callback_deliveries (origin, next_attempt_at) WHERE status = 'pending';
  `,
};
