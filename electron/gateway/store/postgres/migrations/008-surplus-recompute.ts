/**
 * PostgreSQL version 8, the twin of gateway/migrations/008-surplus-recompute.ts. On SQLite it is a
 * data migration that repaired surpluses stored by gateways before it. No PostgreSQL database ever
 * held data under that old rule (the PostgreSQL schema arrived after version 10, and migrate-db
 * copies only up-to-date gateway.db files), so here it is a version number that changes nothing.
 * Shipped: never edited.
 */
import type { PgMigration } from '../migrate.js';

export const pgMigration008: PgMigration = {
  version: 8,
  name: 'results: surplus recomputed from the ledger (nothing to repair on PostgreSQL)',
  sql: '',
};
