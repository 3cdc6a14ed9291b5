/**
 * The gateway's SQLite statements as PostgreSQL reads them (electron/platform/pg-sync/dialect.ts):
 * placeholders numbered in order (named ones once each), literals and quoted names untouched, and
 * the few SQLite-only words rewritten. A table of cases with the exact text expected.
 */
import { describe, expect, it } from 'vitest';
import { bindValues, toPostgres } from '../../electron/platform/pg-sync/dialect.js';

describe('SQLite statements for PostgreSQL', () => {
  it.each([
    ['SELECT * FROM payments WHERE trace_id = ?', 'SELECT * FROM payments WHERE trace_id = $1'],
    [
      'SELECT * FROM payments WHERE payee_id = ? AND order_id = ?',
      'SELECT * FROM payments WHERE payee_id = $1 AND order_id = $2',
    ],
    [
      'UPDATE payments SET status = @status WHERE trace_id = @__key',
      'UPDATE payments SET status = $1 WHERE trace_id = $2',
    ],
    ["SELECT '?' AS q, 'it''s @x' AS s FROM t WHERE a = ?", "SELECT '?' AS q, 'it''s @x' AS s FROM t WHERE a = $1"],
    ['SELECT "rowid" FROM t ORDER BY seen_at, rowid', 'SELECT "rowid" FROM t ORDER BY seen_at, ctid'],
    [
      'SELECT x FROM t WHERE origin NOT IN (SELECT value FROM json_each(?))',
      'SELECT x FROM t WHERE origin NOT IN (SELECT value FROM json_array_elements_text(($1)::json) AS json_each(value))',
    ],
    ['SELECT a::text FROM t -- a comment with ?\nWHERE b = ?', 'SELECT a::text FROM t \nWHERE b = $1'],
  ])('%s', (sqlite, postgres) => {
    expect(toPostgres(sqlite).text).toBe(postgres);
  });

  it('binds positional arguments, arrays of them, and named ones once each', () => {
    const positional = toPostgres('INSERT INTO t VALUES (?, ?, ?)');
    expect(bindValues(positional, ['a', 1, true])).toEqual(['a', 1, 1]);
    expect(bindValues(positional, [['a', 1, false]])).toEqual(['a', 1, 0]);
    const named = toPostgres('UPDATE t SET a = @a, b = @b WHERE k = @k AND a <> @a');
    expect(named.text).toBe('UPDATE t SET a = $1, b = $2 WHERE k = $3 AND a <> $1');
    expect(bindValues(named, [{ k: 'key', b: null, a: 'x' }])).toEqual(['x', null, 'key']);
    expect(() => bindValues(named, [{ a: 'x' }])).toThrow(/@b/);
  });
});
