/**
 * A better-sqlite3-shaped database over PostgreSQL: `prepare(sql)` with `run`, `get`, `all` and
 * `pluck`, `transaction(fn)` (nested calls are savepoints), `exec`, `inTransaction`, `close`. The
 * gateway's stores take a database of this shape, so the same store code runs on the embedded
 * SQLite file and on a shop server's PostgreSQL (docs/scaling.md, "One interface, two engines").
 *
 * Transactions are SERIALIZABLE: what one SQLite writer guarantees by being alone, PostgreSQL
 * guarantees across server processes by refusing the later of two conflicting transactions
 * (SQLSTATE 40001), which the caller runs again.
 */
import { bindValues, toPostgres, type PgStatementText } from './dialect.js';
import { SyncPg, type SyncPgConfig } from './sync-pg.js';

/** How many times an outermost transaction runs again after a conflict before the error is the caller's. */
const MAX_RETRIES = 30;

const pause = new Int32Array(new SharedArrayBuffer(4));
/**
 * Waits a random moment, growing with the attempt (1-4 ms, then up to 50 ms), so that two processes
 * whose transactions keep meeting stop meeting in step. Blocks: this process waits anyway.
 */
function backOff(attempt: number): void {
  Atomics.wait(pause, 0, 0, Math.random() * Math.min(50, 4 * 2 ** attempt));
}

export interface RunResult {
  changes: number;
  lastInsertRowid: number;
}

export class PgStatement {
  private plucked = false;

  constructor(
    private readonly db: PgSyncDatabase,
    private readonly shape: PgStatementText,
    readonly source: string,
  ) {}

  /** Like better-sqlite3: `get` and `all` answer the first column's value instead of the row. */
  pluck(toggle = true): this {
    this.plucked = toggle;
    return this;
  }

  run(...args: unknown[]): RunResult {
    const answer = this.db.query(this.shape, args);
    return { changes: answer.rowCount, lastInsertRowid: 0 };
  }

  get(...args: unknown[]): unknown {
    const row = this.db.query(this.shape, args).rows[0];
    return row === undefined ? undefined : this.value(row);
  }

  all(...args: unknown[]): unknown[] {
    return this.db.query(this.shape, args).rows.map((row) => this.value(row));
  }

  private value(row: Record<string, unknown>): unknown {
    return this.plucked ? Object.values(row)[0] : row;
  }
}

type Transaction<A extends unknown[], R> = ((...args: A) => R) & {
  deferred: (...args: A) => R;
  immediate: (...args: A) => R;
  exclusive: (...args: A) => R;
};

export class PgSyncDatabase {
  private readonly pg: SyncPg;
  private depth = 0;
  /** Other server processes write this database too: in-process memos of rows must not be kept. */
  readonly sharedByProcesses = true;
  private changes = 0;
  private version = 0;

  constructor(config: SyncPgConfig) {
    this.pg = new SyncPg(config);
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  prepare(sql: string): PgStatement {
    // SQLite's running count of changed rows (group commit asks it): kept here, from the answers.
    // SQLite's count of commits by other connections (rates drop their memo when it moves): on a
    // shared server other processes write at any time, so it moves on every read.
    if (/^\s*PRAGMA\s+data_version\s*$/i.test(sql)) {
      return new PgStatement(
        this,
        { text: 'SELECT $1::bigint AS v', params: [{ kind: 'name', name: '__version' }] },
        sql,
      );
    }
    if (/^\s*SELECT\s+total_changes\(\)\s*$/i.test(sql)) {
      return new PgStatement(
        this,
        { text: 'SELECT $1::bigint AS total', params: [{ kind: 'name', name: '__total' }] },
        sql,
      );
    }
    return new PgStatement(this, toPostgres(sql), sql);
  }

  /** Statements without parameters, several separated by `;` (schema, BEGIN-less scripts). */
  exec(sql: string): this {
    this.pg.query(sql);
    return this;
  }

  query(shape: PgStatementText, args: readonly unknown[]) {
    const special = shape.params[0]?.kind === 'name' ? shape.params[0].name : '';
    if (special === '__total') return { rows: [{ total: this.changes }], rowCount: 1 };
    if (special === '__version') return { rows: [{ v: ++this.version }], rowCount: 1 };
    const answer = this.pg.query(shape.text, bindValues(shape, args));
    if (!/^\s*SELECT\b/i.test(shape.text)) this.changes += answer.rowCount;
    return answer;
  }

  transaction<A extends unknown[], R>(fn: (...args: A) => R): Transaction<A, R> {
    // The outermost transaction runs again when PostgreSQL refused it for a concurrent one (40001,
    // 40P01): nothing of it happened, and the gateway's transactions only write the database.
    const retried = (...args: A): R => {
      for (let attempt = 0; ; attempt++) {
        try {
          return once(...args);
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          const conflict = code === '40001' || code === '40P01';
          if (!conflict || this.depth > 0 || attempt >= MAX_RETRIES) throw error;
          backOff(attempt);
        }
      }
    };
    const once = (...args: A): R => {
      const nested = this.depth > 0;
      const savepoint = `pd_sp_${this.depth}`;
      this.pg.query(nested ? `SAVEPOINT ${savepoint}` : 'BEGIN ISOLATION LEVEL SERIALIZABLE');
      this.depth += 1;
      let result: R;
      try {
        result = fn(...args);
      } catch (error) {
        this.depth -= 1;
        try {
          this.pg.query(nested ? `ROLLBACK TO SAVEPOINT ${savepoint}` : 'ROLLBACK');
          if (nested) this.pg.query(`RELEASE SAVEPOINT ${savepoint}`);
        } catch {
          // The connection is gone: the server rolled the transaction back by itself.
        }
        throw error;
      }
      this.depth -= 1;
      // A COMMIT PostgreSQL refuses (40001: a conflicting transaction of another process won) has
      // already rolled everything back: it throws, and the caller runs the work again.
      this.pg.query(nested ? `RELEASE SAVEPOINT ${savepoint}` : 'COMMIT');
      return result;
    };
    return Object.assign(retried, { deferred: retried, immediate: retried, exclusive: retried });
  }

  close(): void {
    this.pg.close();
  }
}
