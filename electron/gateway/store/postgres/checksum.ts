/**
 * Per-table row counts and checksums, computed the same way on both engines: the rows read in
 * primary-key order (text keys bytewise on both sides), each value in one canonical text form
 * (NULL as `N`, anything else as `V<length>:<text>`, integers in decimal), sha256 over the rows.
 * Integers are read as exact text on both sides (better-sqlite3 BigInt, pg's int8 text).
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Db } from '../../../platform/db.js';
import { keyOrder, quoteIdent, type TableShape } from './tables.js';

export interface TableSum {
  rows: number;
  sha256: string;
}

function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'N';
  const text = typeof value === 'string' ? value : String(value);
  return `V${text.length}:${text}`;
}

class RowHasher {
  private readonly hash = createHash('sha256');
  rows = 0;
  add(row: readonly unknown[]): void {
    this.hash.update(row.map(canonical).join(','));
    this.hash.update('\n');
    this.rows++;
  }
  result(): TableSum {
    return { rows: this.rows, sha256: this.hash.digest('hex') };
  }
}

const selectSql = (shape: TableShape, engine: 'sqlite' | 'postgres'): string =>
  `SELECT ${shape.columns.map(quoteIdent).join(', ')} FROM ${quoteIdent(shape.name)}${shape.where ? ` WHERE ${shape.where}` : ''} ORDER BY ${keyOrder(shape, engine)}`;

export function sqliteTableSum(db: Db, shape: TableShape): TableSum {
  const hasher = new RowHasher();
  const rows = db.prepare(selectSql(shape, 'sqlite')).raw(true).safeIntegers(true).iterate() as Iterable<unknown[]>;
  for (const row of rows) hasher.add(row);
  return hasher.result();
}

/**
 * Reads through a cursor, so a table of millions of rows never sits in memory. Call inside a
 * transaction, on a client whose int8 values come back as text.
 */
export async function pgTableSum(client: pg.Client, shape: TableShape, batch = 5000): Promise<TableSum> {
  const hasher = new RowHasher();
  const cursor = quoteIdent(`pd_sum_${shape.name}`);
  await client.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${selectSql(shape, 'postgres')}`);
  for (;;) {
    const page = await client.query<unknown[]>({ text: `FETCH FORWARD ${batch} FROM ${cursor}`, rowMode: 'array' });
    for (const row of page.rows) hasher.add(row);
    if (page.rows.length < batch) break;
  }
  await client.query(`CLOSE ${cursor}`);
  return hasher.result();
}
