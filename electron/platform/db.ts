/**
 * SQLite on better-sqlite3: one file per side (gateway.db, till.db). WAL, foreign keys, a busy
 * timeout, STRICT tables. Migrations are an ordered list applied in one transaction at open;
 * versions only go up, and a database written by a newer Paydesk is refused, never touched.
 */
import Database from 'better-sqlite3';
import { closeSync, existsSync, openSync } from 'node:fs';

export type Db = Database.Database;

/**
 * True for a database other server processes write at the same time (PostgreSQL through
 * platform/pg-sync, which says so): in-process memos of rows are off, batches stay small, callback
 * attempts are claimed, a start is serialised. Never for gateway.db or till.db.
 */
export function isSharedDatabase(db: Db): boolean {
  return (db as unknown as { sharedByProcesses?: boolean }).sharedByProcesses === true;
}

export interface Migration {
  /** 1, 2, 3, ... in order, no gaps. A shipped migration is never edited. */
  version: number;
  /** What it does, for logs and error messages. */
  name: string;
  up(db: Db): void;
}

export class NewerDatabaseError extends Error {
  constructor(
    readonly file: string,
    readonly found: number,
    readonly supported: number,
  ) {
    super(
      `${file} was written by a newer version of Paydesk (schema version ${found}; this version knows up to ${supported}). ` +
        'Update Paydesk, or point it at another data directory. The file was not changed.',
    );
    this.name = 'NewerDatabaseError';
  }
}

export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.reduce((max, m) => Math.max(max, m.version), 0);
}

function checkOrder(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`migration list out of order at ${m.name}: expected version ${i + 1}, got ${m.version}`);
  });
}

/** Applies every pending migration in one transaction; returns the versions applied. */
export function migrate(db: Db, migrations: readonly Migration[], label = 'database'): number[] {
  checkOrder(migrations);
  const supported = latestVersion(migrations);
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > supported) throw new NewerDatabaseError(label, current, supported);
  const pending = migrations.filter((m) => m.version > current);
  if (pending.length === 0) return [];
  db.transaction(() => {
    for (const m of pending) m.up(db);
    // user_version cannot be bound as a parameter; the value is our own integer.
    db.pragma(`user_version = ${supported}`);
  }).immediate();
  return pending.map((m) => m.version);
}

export interface OpenOptions {
  migrations: readonly Migration[];
  /** ':memory:' for tests. */
  file: string;
  busyTimeoutMs?: number;
  /**
   * WAL pages between checkpoints on this connection (SQLite's default 1000). A checkpoint fsyncs
   * and stalls the thread; where a checkpointer worker runs (platform/checkpointer.ts) the shell
   * raises this to a safety net only.
   */
  walAutocheckpointPages?: number;
}

export function openDatabase({
  file,
  migrations,
  busyTimeoutMs = 5000,
  walAutocheckpointPages = 1000,
}: OpenOptions): Db {
  // A new file is made private first; SQLite gives its -wal and -shm files the same mode.
  if (file !== ':memory:' && !existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  const db = new Database(file);
  try {
    if (file !== ':memory:') db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
    // NORMAL is durable in WAL mode across application crashes; only power loss may drop the last commits.
    db.pragma('synchronous = NORMAL');
    db.pragma(`wal_autocheckpoint = ${Math.trunc(walAutocheckpointPages)}`);
    migrate(db, migrations, file);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * An `UPDATE <table> SET <named columns> WHERE <key> = ?` runner that prepares each column set
 * once. Column names come from the caller's code (typed keys), never from input.
 */
export function columnUpdater<Row extends object>(
  db: Db,
  table: string,
  keyColumn: string,
): (key: string, changes: Partial<Row>) => void {
  const statements = new Map<string, Database.Statement>();
  return (key, changes) => {
    const columns = Object.keys(changes);
    if (columns.length === 0) return;
    const sql = `UPDATE ${table} SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE ${keyColumn} = @__key`;
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    statement.run({ ...changes, __key: key });
  };
}
