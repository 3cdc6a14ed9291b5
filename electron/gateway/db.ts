/** gateway.db: the gateway's schema, as ordered migrations. Never edit a shipped migration; add one. */
import { openDatabase, type Db, type Migration } from '../platform/db.js';

export const gatewayMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'meta',
    up(db) {
      db.exec(`
        CREATE TABLE meta (
          key   TEXT PRIMARY KEY,
          value TEXT NOT NULL
        ) STRICT;
      `);
    },
  },
];

export function openGatewayDb(file: string): Db {
  return openDatabase({ file, migrations: gatewayMigrations });
}

export function readMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function writeMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}
