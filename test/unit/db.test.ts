import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrate, NewerDatabaseError, openDatabase, type Migration } from '../../electron/platform/db.js';
import { gatewayMigrations, openGatewayDb } from '../../electron/gateway/db.js';
import { openTillDb, tillMigrations } from '../../electron/till/db.js';

const twoSteps: Migration[] = [
  { version: 1, name: 'a', up: (db) => db.exec('CREATE TABLE a (id INTEGER PRIMARY KEY, v TEXT NOT NULL) STRICT') },
  { version: 2, name: 'b', up: (db) => db.exec("ALTER TABLE a ADD COLUMN w TEXT NOT NULL DEFAULT ''") },
];

describe('database module', () => {
  it('opens with WAL, foreign keys and a busy timeout, and applies migrations up to the latest version', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pd-db-')), 'x.db');
    const db = openDatabase({ file, migrations: twoSteps });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    db.prepare("INSERT INTO a (v, w) VALUES ('x', 'y')").run();
    db.close();
  });

  it('applies only pending migrations, all in one transaction', () => {
    const db = new Database(':memory:');
    expect(migrate(db, twoSteps.slice(0, 1))).toEqual([1]);
    expect(migrate(db, twoSteps)).toEqual([2]);
    expect(migrate(db, twoSteps)).toEqual([]);
    const broken: Migration[] = [
      ...twoSteps,
      { version: 3, name: 'bad', up: (d) => d.exec('CREATE TABLE c (x INTEGER) STRICT; SELECT nope FROM nowhere') },
      { version: 4, name: 'never', up: () => {} },
    ];
    expect(() => migrate(db, broken)).toThrow();
    // Nothing of the failed batch stuck: same version, no table c.
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'c'").get()).toEqual({ n: 0 });
  });

  it('refuses a database written by a newer version, with a message that says so, and leaves it untouched', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pd-db-')), 'gateway.db');
    const raw = new Database(file);
    raw.pragma('user_version = 99');
    raw.close();
    let caught: unknown;
    try {
      openGatewayDb(file);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(NewerDatabaseError);
    expect((caught as Error).message).toMatch(/newer version of Paydesk/);
    expect((caught as Error).message).toMatch(/schema version 99/);
    const again = new Database(file);
    expect(again.pragma('user_version', { simple: true })).toBe(99);
    again.close();
  });

  it('rejects a migration list with gaps', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, [twoSteps[1]!])).toThrow(/out of order/);
  });

  it('gateway.db and till.db migrate from empty to their latest versions with STRICT tables', () => {
    for (const [open, list] of [
      [openGatewayDb, gatewayMigrations],
      [openTillDb, tillMigrations],
    ] as const) {
      const db = open(':memory:');
      expect(db.pragma('user_version', { simple: true })).toBe(list.length);
      const tables = db
        .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        .all() as { name: string; sql: string }[];
      expect(tables.length).toBeGreaterThan(0);
      for (const table of tables) expect(table.sql, table.name).toMatch(/STRICT\s*$/);
      db.close();
    }
  });
});
