/**
 * till.db migration 1: settings. The till's settings, one JSON document per key (settings/store.ts owns the table).
 * Shipped: never edited (docs/architecture.md, "Persistence and migrations").
 */
import type { Migration } from '../../platform/db.js';

export const migration: Migration = {
  version: 1,
  name: 'settings',
  up(db) {
    db.exec(`
        CREATE TABLE settings (
          key   TEXT PRIMARY KEY,
          value TEXT NOT NULL
        ) STRICT;
      `);
  },
};
