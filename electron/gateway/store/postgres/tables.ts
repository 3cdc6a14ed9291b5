/**
 * What migrate-db needs to know of gateway.db's tables, read from SQLite itself (so a table added by
 * a future migration is copied and verified without a change here): the columns in order, which are
 * text, the primary key, and an order of tables in which every foreign key points backwards.
 */
import type { Db } from '../../../platform/db.js';

export interface TableShape {
  name: string;
  columns: string[];
  /** Columns of type TEXT (sorted bytewise on PostgreSQL, as SQLite's BINARY collation does). */
  textColumns: Set<string>;
  /** Primary-key columns in key order (all columns when a table has none). */
  key: string[];
  /** A condition on the rows compared (meta leaves out the server's merchant key, which gateway.db never holds). */
  where?: string;
}

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;
export { quote as quoteIdent };

export function readTableShapes(db: Db): TableShape[] {
  const names = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  const shapes = new Map<string, TableShape>();
  const parents = new Map<string, string[]>();
  for (const name of names) {
    const info = db.prepare(`SELECT name, type, pk FROM pragma_table_info(?)`).all(name) as {
      name: string;
      type: string;
      pk: number;
    }[];
    const key = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    shapes.set(name, {
      name,
      columns: info.map((c) => c.name),
      textColumns: new Set(info.filter((c) => c.type.toUpperCase() === 'TEXT').map((c) => c.name)),
      key: key.length > 0 ? key : info.map((c) => c.name),
    });
    const refs = db.prepare('SELECT DISTINCT "table" FROM pragma_foreign_key_list(?)').pluck().all(name) as string[];
    parents.set(
      name,
      refs.filter((r) => r !== name),
    );
  }
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: string[]): void => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new Error(`foreign keys form a cycle: ${[...path, name].join(' -> ')}`);
    for (const parent of parents.get(name) ?? []) if (shapes.has(parent)) visit(parent, [...path, name]);
    placed.add(name);
    ordered.push(shapes.get(name)!);
  };
  for (const name of names) visit(name, []);
  return ordered;
}

/** `ORDER BY` of a table's primary key; text compared bytewise on PostgreSQL (COLLATE "C"). */
export function keyOrder(shape: TableShape, engine: 'sqlite' | 'postgres'): string {
  return shape.key
    .map((c) => (engine === 'postgres' && shape.textColumns.has(c) ? `${quote(c)} COLLATE "C"` : quote(c)))
    .join(', ');
}
