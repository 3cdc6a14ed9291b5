/**
 * PostgreSQL version 1, the twin of gateway/migrations/001-meta.ts. Type mapping for every twin:
 * SQLite TEXT -> text (money stays a canonical decimal string, never a float), SQLite INTEGER ->
 * bigint (flags 0/1, gateway-clock ms and unix seconds keep the very integers SQLite holds).
 * Shipped: never edited.
 */
import type { PgMigration } from '../migrate.js';

export const pgMigration001: PgMigration = {
  version: 1,
  name: 'meta',
  sql: `
    CREATE TABLE meta (
      key   text PRIMARY KEY,
      value text NOT NULL
    );
  `,
};
