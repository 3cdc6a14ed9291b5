/**
 * gateway.db: opening it (the migrations under ./migrations/, in order) and its `meta` table, the
 * key/value store of gateway-wide values (mode, settings, secrets, the HD index). This module owns
 * `meta`; every other module reads and writes it through `readMeta` and `writeMeta`.
 */
import { openDatabase, type Db } from '../platform/db.js';
import { gatewayMigrations } from './migrations/index.js';

export { gatewayMigrations };

export function openGatewayDb(file: string): Db {
  return openDatabase({ file, migrations: gatewayMigrations });
}

export function readMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function writeMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(
    key,
    value,
  );
}

/** A value made once per gateway.db and kept in meta (the wallet recipient, the address secret). */
export function persistentMeta(db: Db, key: string, make: () => string): string {
  const existing = readMeta(db, key);
  if (existing) return existing;
  const value = make();
  writeMeta(db, key, value);
  return value;
}
