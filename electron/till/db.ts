/** till.db: the till's schema (order book, settings), as ordered migrations. */
import { openDatabase, type Db, type Migration } from '../platform/db.js';

export const tillMigrations: readonly Migration[] = [
  {
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
  },
];

export function openTillDb(file: string): Db {
  return openDatabase({ file, migrations: tillMigrations });
}
