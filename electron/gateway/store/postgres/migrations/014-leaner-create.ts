/**
 * PostgreSQL version 14, the twin of gateway/migrations/014-leaner-create.ts: `instructions_trace` is
 * dropped, as no query reads it (the current instruction is found through `payments.current_client_id`).
 * `payment_events.id` is an identity column here, which never had SQLite's AUTOINCREMENT bookkeeping,
 * so the events table stays as it is. Shipped: never edited.
 */
import type { PgMigration } from '../migrate.js';

export const pgMigration014: PgMigration = {
  version: 14,
  name: 'a leaner create: no unused instructions_trace index',
  sql: `
    DROP INDEX instructions_trace;
  `,
};
