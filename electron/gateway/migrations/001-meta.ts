/**
 * gateway.db version 1: the key/value table of gateway-wide values (mode, settings, secrets, HD
 * index). Schema only: it moves no data.
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

/** Exactly as shipped (kept outside the migration so its length is the SQL's, not a function's). */
const sql = `
        CREATE TABLE meta (
          key   TEXT PRIMARY KEY,
          value TEXT NOT NULL
        ) STRICT;
      `;

export const migration001: Migration = {
  version: 1,
  name: 'meta',
  up: (db) => db.exec(sql),
};
