/**
 * The catalogue as CSV (README, "Catalogue"): export with a header row, RFC 4180 like the orders' CSV
 * (and the same formula guard); import of the same columns, all or nothing, every problem named by
 * line and column. An imported row updates the item with its `item_id`, else its SKU, else its
 * barcode, and otherwise becomes a new item.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { PosError } from '../../../shared/posapi.js';
import {
  ItemFieldsSchema,
  type CatalogueImport,
  type ImportProblem,
  type ItemView,
} from '../../../shared/posapi-sales.js';
import { spreadsheetSafe } from '../owner/csv.js';
import { minorUnitProblem } from '../sales/amount-rules.js';
import type { ItemStore } from './items.js';
import { posError } from '../../../shared/pos-error.js';

/** Columns, in order. Only `name` and `price` are required on import. */
export const ITEM_CSV_COLUMNS = [
  'item_id',
  'name',
  'price',
  'category',
  'tax_rate',
  'sku',
  'barcode',
  'colour',
] as const;
type Column = (typeof ITEM_CSV_COLUMNS)[number];
const FIELD_OF: Record<Exclude<Column, 'item_id'>, string> = {
  name: 'name',
  price: 'price',
  category: 'category',
  tax_rate: 'taxRate',
  sku: 'sku',
  barcode: 'barcode',
  colour: 'colour',
};
const COLUMN_OF = Object.fromEntries(Object.entries(FIELD_OF).map(([column, field]) => [field, column]));

export function catalogueCsv(items: readonly ItemView[]): string {
  const records = items.map((i) =>
    [i.itemId, i.name, i.price, i.category, i.taxRate, i.sku, i.barcode, i.colour].map(spreadsheetSafe),
  );
  return stringify([Array.from(ITEM_CSV_COLUMNS), ...records], { record_delimiter: '\r\n', quoted_match: /[",\r\n]/ });
}

/** Undoes the export's formula guard: "'=x" was written for "=x". */
function unguarded(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

function parseRows(text: string): Record<string, string>[] {
  try {
    return parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    throw posError('csv_unreadable', { line }, 'csv');
  }
}

function headerProblems(rows: Record<string, string>[], text: string): ImportProblem[] {
  const header = (parse(text, { bom: true, to_line: 1, trim: true }) as string[][])[0] ?? [];
  const problems: ImportProblem[] = [];
  for (const name of header)
    if (!(ITEM_CSV_COLUMNS as readonly string[]).includes(name))
      problems.push({ line: 1, field: name, message: `unknown column "${name}"` });
  for (const required of ['name', 'price'])
    if (!header.includes(required))
      problems.push({ line: 1, field: required, message: `the column "${required}" is missing` });
  if (rows.length === 0 && problems.length === 0)
    problems.push({ line: 1, field: '', message: 'no items in the file' });
  return problems;
}

/** Imports the rows in one transaction; with any problem nothing is written and the problems are answered. */
/** `places`: the shop currency's minor unit; a price with more decimals is a problem of its line. */
export function importCatalogue(store: ItemStore, text: string, places = 12): CatalogueImport {
  const rows = parseRows(text);
  const problems = headerProblems(rows, text);
  if (problems.length) return { created: 0, updated: 0, problems };
  let created = 0;
  let updated = 0;
  const rollback = new Error('rollback');
  try {
    store.transaction(() => {
      rows.forEach((row, index) => {
        const line = index + 2;
        const cell = (column: Column) => unguarded(row[column] ?? '');
        const parsed = ItemFieldsSchema.safeParse({
          name: cell('name'),
          price: cell('price'),
          category: cell('category'),
          taxRate: cell('tax_rate') || '0',
          sku: cell('sku'),
          barcode: cell('barcode'),
          colour: cell('colour'),
        });
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            problems.push({ line, field: COLUMN_OF[String(issue.path[0])] ?? '', message: issue.message });
          return;
        }
        const fields = parsed.data;
        const tooPrecise = minorUnitProblem(fields.price, places);
        if (tooPrecise) {
          problems.push({ line, field: 'price', message: tooPrecise });
          return;
        }
        const known =
          (cell('item_id') && store.get(cell('item_id'))) ||
          (fields.sku && store.bySku(fields.sku)) ||
          (fields.barcode && store.byBarcode(fields.barcode)) ||
          undefined;
        try {
          store.save(fields, known ? known.itemId : undefined);
          if (known) updated += 1;
          else created += 1;
        } catch (error) {
          if (!(error instanceof PosError)) throw error;
          problems.push({ line, field: COLUMN_OF[error.field ?? ''] ?? '', message: error.message });
        }
      });
      if (problems.length) throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
    return { created: 0, updated: 0, problems };
  }
  return { created, updated, problems };
}
