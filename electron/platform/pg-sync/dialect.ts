/**
 * The gateway's SQL, written for SQLite, as PostgreSQL reads it. The stores keep one text per
 * statement; the few places the dialects differ are rewritten here, once, when a statement is
 * prepared (docs/scaling.md, "One interface, two engines"):
 * - parameters: `?` (positional) and `@name` / `:name` / `$name` (named) become `$1..$n`, with the
 *   order in which the values must be given;
 * - `json_each(x)` (a JSON array as rows of `value`) becomes `json_array_elements_text(x::json)`;
 * - `rowid`, used only to break ties in an ORDER BY, becomes `ctid` (PostgreSQL has no rowid).
 * String literals and quoted identifiers are copied as they are.
 */

export interface PgStatementText {
  text: string;
  /** For each `$i`, where its value comes from: a position (`?`) or a name (`@name`). */
  params: ({ kind: 'position'; index: number } | { kind: 'name'; name: string })[];
}

const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;

function quotedEnd(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i += 1;
  }
  throw new Error(`unterminated ${quote} in SQL: ${sql.slice(start, start + 40)}`);
}

/** Rewrites placeholders; returns the text and the parameter order. */
function placeholders(sql: string): PgStatementText {
  const params: PgStatementText['params'] = [];
  const named = new Map<string, number>();
  let out = '';
  let positional = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"') {
      const end = quotedEnd(sql, i, c);
      out += sql.slice(i, end);
      i = end;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end;
    } else if (c === '?') {
      params.push({ kind: 'position', index: positional++ });
      out += `$${params.length}`;
      i += 1;
    } else if ((c === '@' || c === ':' || c === '$') && /[A-Za-z_]/.test(sql[i + 1] ?? '') && sql[i - 1] !== ':') {
      WORD.lastIndex = i + 1;
      const name = WORD.exec(sql)![0];
      let n = named.get(name);
      if (n === undefined) {
        params.push({ kind: 'name', name });
        n = params.length;
        named.set(name, n);
      }
      out += `$${n}`;
      i += 1 + name.length;
    } else {
      out += c;
      i += 1;
    }
  }
  return { text: out, params };
}

/** The SQLite-only words, outside literals (the literals are kept apart by `placeholders` first). */
function words(text: string): string {
  return text
    .replace(/\bjson_each\(([^()]*)\)/gi, 'json_array_elements_text(($1)::json) AS json_each(value)')
    .replace(/\browid\b/gi, 'ctid');
}

/** A statement of the gateway's stores, as PostgreSQL reads it. */
export function toPostgres(sql: string): PgStatementText {
  const { text, params } = placeholders(sql);
  // Literals were copied as they are; only the parts between them get the word rewrites.
  const parts = text.split(/('(?:[^']|'')*'|"(?:[^"]|"")*")/);
  const rewritten = parts.map((part, index) => (index % 2 === 1 ? part : words(part))).join('');
  return { text: rewritten, params };
}

/** The values of one run, in `$1..$n` order, from better-sqlite3-style arguments. */
export function bindValues(shape: PgStatementText, args: readonly unknown[]): unknown[] {
  const named =
    args.length === 1 && typeof args[0] === 'object' && args[0] !== null && !Array.isArray(args[0])
      ? (args[0] as Record<string, unknown>)
      : undefined;
  const positional = named ? [] : args.flat();
  return shape.params.map((p) => {
    const value = p.kind === 'name' ? named?.[p.name] : positional[p.index];
    if (value === undefined)
      throw new RangeError(`missing value for ${p.kind === 'name' ? `@${p.name}` : `parameter ${p.index + 1}`}`);
    // SQLite takes booleans as 0/1 integers; the gateway's columns are integers too.
    return typeof value === 'boolean' ? Number(value) : value;
  });
}
