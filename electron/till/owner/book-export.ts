/**
 * The whole book as CSV files in one zip (README, "Exporting the whole book"): for the accountant, or
 * a move to another system. Every file is RFC 4180 with a header row, oldest first, times ISO-8601
 * with the shop's offset, cells safe from formula injection; the zip also holds a README.txt naming
 * the files and their row counts.
 *
 * The book is read on a connection of its own inside one read transaction, so the files agree with
 * each other while sales go on, and page by page with a turn of the event loop between pages and a
 * streaming deflate: 100,000 orders take seconds, and the till and the gateway, which share this
 * process, must keep answering meanwhile.
 */
import Database from 'better-sqlite3';
import { stringify } from 'csv-stringify/sync';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { AUDIT_CSV_COLUMNS, auditCsvRecords } from '../audit/csv.js';
import { wallClock } from '../calendar.js';
import type { OrderRow } from '../orders/book.js';
import { parseResult } from '../orders/views.js';
import type { TillRefundRow } from '../refunds/store.js';
import { SalesBook } from '../sales/book.js';
import { saleCsvFacts } from '../sales/csv.js';
import { CSV_COLUMNS, CSV_OPTIONS, csvBodyOf, isoInZone, spreadsheetSafe } from './csv.js';

export interface BookSources {
  /** The till's database file (read on a read-only connection of the export's own). */
  file: string;
  timeZone: string;
  now: number;
}

export interface ExportedBook {
  filename: string;
  zip: Uint8Array;
  files: { name: string; rows: number }[];
}

export const TRANSACTION_COLUMNS = [
  'order_id',
  'trace_id',
  'txid',
  'payment_asset_id',
  'payment_symbol',
  'amount',
  'confirmations',
  'required_confirmations',
  'broadcast_at',
  'explorer_url',
] as const;
export const ORDER_EVENT_COLUMNS = ['order_id', 'at', 'kind', 'text'] as const;
/** refunds.csv: the till's record of each refund it asked for, as the gateway last reported it. */
export const REFUND_COLUMNS = [
  'refund_id',
  'order_id',
  'trace_id',
  'created_at',
  'status',
  'asset_id',
  'symbol',
  'amount',
  'quote_symbol',
  'quote_value',
  'quote_today',
  'destination',
  'txid',
  'flag_reason',
  'reason',
  'staff',
] as const;

const PAGE = 250;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const csvLines = (records: string[][]) =>
  stringify(
    records.map((record) => record.map(spreadsheetSafe)),
    CSV_OPTIONS,
  );

/** Every transaction the gateway reported on an order, whatever the order's status. */
function transactionRecords(row: OrderRow, timeZone: string): string[][] {
  return (parseResult(row)?.transactions ?? []).map((tx) => [
    row.order_id,
    row.trace_id,
    tx.txid,
    tx.paymentAssetId,
    tx.paymentAssetSymbol,
    tx.paymentAmount,
    String(tx.confirmations),
    String(tx.requiredConfirms),
    tx.broadcastAt ? isoInZone(tx.broadcastAt * 1000, timeZone) : '',
    tx.blockExplorerUrl,
  ]);
}

/** One file of the zip, written as it is read: a header, then pages of records. */
class ZipCsv {
  private readonly entry: ZipDeflate;
  rows = 0;

  constructor(
    zip: Zip,
    readonly name: string,
    columns: readonly string[],
    mtime: number,
  ) {
    this.entry = new ZipDeflate(name, { level: 6 });
    this.entry.mtime = mtime;
    zip.add(this.entry);
    this.entry.push(strToU8(stringify([Array.from(columns)], CSV_OPTIONS)));
  }

  write(text: string, rows: number): void {
    if (rows > 0) this.entry.push(strToU8(text));
    this.rows += rows;
  }

  end(): { name: string; rows: number } {
    this.entry.push(new Uint8Array(0), true);
    return { name: this.name, rows: this.rows };
  }
}

/** Pages of a query's rows, a turn of the event loop between them. */
async function* pages<T>(db: Database.Database, sql: string): AsyncGenerator<T[]> {
  let page: T[] = [];
  for (const row of db.prepare(sql).iterate() as IterableIterator<T>) {
    page.push(row);
    if (page.length < PAGE) continue;
    yield page;
    page = [];
    await nextTurn();
  }
  if (page.length) yield page;
}

async function writeBook(db: Database.Database, zip: Zip, timeZone: string, mtime: number) {
  const orders = new ZipCsv(zip, 'orders.csv', CSV_COLUMNS, mtime);
  // The sale columns as the day CSV fills them (one function for both: sales/csv.ts saleCsvFacts).
  const sales = new SalesBook(db);
  const saleOf = (orderId: string) => saleCsvFacts(sales.byOrder(orderId));
  // Transactions come from the same rows; kept until orders.csv is whole (a zip holds one file after another).
  const transactions: string[] = [];
  let transactionCount = 0;
  for await (const page of pages<OrderRow>(db, 'SELECT * FROM orders ORDER BY created_at, order_id')) {
    orders.write(csvBodyOf(page, timeZone, [], saleOf), page.length);
    const records = page.flatMap((row) => transactionRecords(row, timeZone));
    if (records.length) transactions.push(csvLines(records));
    transactionCount += records.length;
  }
  const files = [orders.end()];
  const txFile = new ZipCsv(zip, 'transactions.csv', TRANSACTION_COLUMNS, mtime);
  txFile.write(transactions.join(''), transactionCount);
  files.push(txFile.end());

  const events = new ZipCsv(zip, 'order_events.csv', ORDER_EVENT_COLUMNS, mtime);
  const eventSql = 'SELECT order_id, at, kind, text FROM order_events ORDER BY id';
  for await (const page of pages<{ order_id: string; at: number; kind: string; text: string }>(db, eventSql)) {
    events.write(csvLines(page.map((e) => [e.order_id, isoInZone(e.at, timeZone), e.kind, e.text])), page.length);
  }
  files.push(events.end());

  const refunds = new ZipCsv(zip, 'refunds.csv', REFUND_COLUMNS, mtime);
  for await (const page of pages<TillRefundRow>(db, 'SELECT * FROM refunds ORDER BY created_at, refund_id')) {
    const records = page.map((r) => [
      r.refund_id,
      r.order_id,
      r.trace_id,
      isoInZone(r.created_at, timeZone),
      r.status,
      r.asset_id,
      r.symbol,
      r.amount,
      r.quote_symbol,
      r.quote_value,
      r.quote_today,
      r.destination,
      r.txid,
      r.flag_reason,
      r.reason,
      r.staff_name,
    ]);
    refunds.write(csvLines(records), page.length);
  }
  files.push(refunds.end());

  const audit = new ZipCsv(zip, 'audit_log.csv', AUDIT_CSV_COLUMNS, mtime);
  type AuditRow = { seq: number; at: number; actor_id: string; actor_name: string; action: string };
  type AuditRest = { subject: string; detail: string; prev_hash: string; hash: string };
  for await (const page of pages<AuditRow & AuditRest>(db, 'SELECT * FROM audit_log ORDER BY seq')) {
    const rows = page.map((r) => ({ ...r, actorId: r.actor_id, actorName: r.actor_name, prevHash: r.prev_hash }));
    audit.write(csvLines(auditCsvRecords(rows, timeZone)), page.length);
  }
  files.push(audit.end());
  return files;
}

const readme = (stamp: string, files: { name: string; rows: number }[]) =>
  [
    `Paydesk book export, made ${stamp}.`,
    '',
    'CSV files (RFC 4180, UTF-8, comma-separated, CRLF line ends, a header row, oldest first).',
    'The columns of each file are described in Paydesk\'s README, section "Exporting the whole book".',
    '',
    ...files.map((file) => `${file.name}: ${file.rows} rows`),
    '',
  ].join('\r\n');

/** Reads the book and packs it: the zip's bytes, its file name and how many rows each file holds. */
export async function exportBook({ file, timeZone, now }: BookSources): Promise<ExportedBook> {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  const db = new Database(file, { readonly: true, fileMustExist: true });
  let files: { name: string; rows: number }[];
  try {
    db.exec('BEGIN'); // one snapshot for every file (WAL: writers go on meanwhile)
    files = await writeBook(db, zip, timeZone, now);
    db.exec('COMMIT');
  } finally {
    db.close();
  }
  const c = wallClock(now, timeZone);
  const stamp = `${c.year}-${c.month}-${c.day}T${c.hour}:${c.minute}:${c.second}${c.offset}`;
  const notes = new ZipDeflate('README.txt', { level: 6 });
  notes.mtime = now;
  zip.add(notes);
  notes.push(strToU8(readme(stamp, files)), true);
  zip.end();
  if (failure) throw failure;
  const zipBytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    zipBytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { filename: `paydesk-book-${c.year}-${c.month}-${c.day}.zip`, zip: zipBytes, files };
}
