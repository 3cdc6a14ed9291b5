/**
 * Moving up (README, "Moving to a shop server"): an embedded gateway.db copied into PostgreSQL in
 * one transaction, then verified in that same transaction by per-table row counts and checksums
 * (./checksum.ts); any difference rolls the whole copy back. A target that already holds payments
 * or anything else a running server made (registered tills and payees, payment records) is refused;
 * only a server's first-start seed is replaced, and settings an owner changed on the server
 * (./changed-settings.ts) refuse it too, named, unless the caller accepts replacing them. gateway.db is only
 * read, in one read transaction, so the copy is one consistent snapshot; payments taken by a till
 * still running after that snapshot would not be copied, which is why the till must be stopped.
 */
import type pg from 'pg';
import { gatewayMigrations } from '../../db.js';
import { DEMO_USERS } from '../../seed.js';
import { latestVersion, type Db } from '../../../platform/db.js';
import { changedServerSettings, SETTINGS_KEYS, settingsRefusal, type ChangedSetting } from './changed-settings.js';
import { pgTableSum, sqliteTableSum, type TableSum } from './checksum.js';
import { migratePg, VERSION_TABLE } from './migrate.js';
import { gatewayPgMigrations } from './migrations/index.js';
import { quoteIdent, readTableShapes, type TableShape } from './tables.js';

export class MigrateRefused extends Error {}

export interface TableReport {
  table: string;
  sqlite: TableSum;
  postgres: TableSum;
}

export interface CopyReport {
  tables: TableReport[];
  mismatched: string[];
  copiedRows: number;
  /** Rows of the target's own (payment-free) seed that the copy replaced. */
  replacedRows: number;
  /** Settings changed on the server that the copy replaced (only with `replaceSettings`). */
  replacedSettings: ChangedSetting[];
}

export interface CopyOptions {
  progress?: Progress;
  /** The till's merchant key (its file), carried into the server's meta. */
  merchantKey?: string;
  /** Accept replacing settings an owner changed on the server (else they refuse the copy). */
  replaceSettings?: boolean;
}

export type Progress = (table: string, copied: number, total: number) => void;

function checkSqliteVersion(sqlite: Db): void {
  const found = sqlite.pragma('user_version', { simple: true }) as number;
  const latest = latestVersion(gatewayMigrations);
  if (found !== latest)
    throw new MigrateRefused(
      found < latest
        ? `gateway.db has schema version ${found}; this Paydesk writes ${latest}. Start this Paydesk once with that data directory (it upgrades gateway.db), stop it, then run migrate-db again.`
        : `gateway.db has schema version ${found}, newer than this Paydesk (${latest}): run migrate-db from the Paydesk that wrote it.`,
    );
}

interface TargetCheck {
  replacedRows: number;
  replacedSettings: ChangedSetting[];
}

async function checkTarget(
  client: pg.Client,
  sqlite: Db,
  shapes: TableShape[],
  replaceSettings: boolean,
): Promise<TargetCheck> {
  const tables = await client.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> $1",
    [VERSION_TABLE],
  );
  const target = new Set(tables.rows.map((r) => r.table_name));
  const missing = shapes.filter((s) => !target.has(s.name)).map((s) => s.name);
  if (missing.length > 0) throw new MigrateRefused(`the database lacks the gateway tables ${missing.join(', ')}`);
  const payments = await client.query<{ n: string }>('SELECT count(*) AS n FROM payments');
  if (Number(payments.rows[0]?.n) > 0)
    throw new MigrateRefused(
      `the database already holds ${payments.rows[0]?.n} payments: migrate-db copies into a database without payments only`,
    );
  const kept = await shopRecords(client, target);
  if (kept.length > 0)
    throw new MigrateRefused(
      `the database holds ${kept.join(', ')}, which the copy would delete; nothing was changed. ` +
        'Migrate into a new database, before the first server start.',
    );
  const settingsRows = await client.query<{ key: string; value: string }>(
    'SELECT key, value FROM meta WHERE key = ANY($1)',
    [[...SETTINGS_KEYS]],
  );
  const stored = new Map(settingsRows.rows.map((r) => [r.key, r.value]));
  const replacedSettings = changedServerSettings(stored, sqlite);
  if (replacedSettings.length > 0 && !replaceSettings) throw new MigrateRefused(settingsRefusal(replacedSettings));
  let replaced = 0;
  for (const shape of shapes) {
    const count = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quoteIdent(shape.name)}`);
    replaced += Number(count.rows[0]?.n);
  }
  return { replacedRows: replaced, replacedSettings };
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * What a running server made that is more than its first-start seed (catalogue, rates, settings, the
 * sandbox's demo payees, its merchant key): registered tills (named), payees an owner registered,
 * and any payment record. The copy replaces the whole database, so any of these refuses it.
 */
async function shopRecords(client: pg.Client, target: ReadonlySet<string>): Promise<string[]> {
  const found: string[] = [];
  if (target.has('tills')) {
    const tills = await client.query<{ name: string }>('SELECT name FROM tills ORDER BY created_at, till_id');
    const names = tills.rows.map((r) => r.name);
    if (names.length > 0)
      found.push(`${plural(names.length, 'registered till', 'registered tills')} (${names.join(', ')})`);
  }
  const demo = DEMO_USERS.map((u) => u.payeeId);
  const payees = await client.query<{ n: string }>('SELECT count(*) AS n FROM payees WHERE payee_id <> ALL($1)', [
    demo,
  ]);
  const ownPayees = Number(payees.rows[0]?.n);
  if (ownPayees > 0) found.push(plural(ownPayees, 'registered payee', 'registered payees'));
  for (const table of RECORD_TABLES) {
    if (!target.has(table)) continue;
    const rows = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quoteIdent(table)}`);
    const n = Number(rows.rows[0]?.n);
    if (n > 0) found.push(plural(n, `row of ${table}`, `rows of ${table}`));
  }
  return found;
}

/** Tables a first start leaves empty: rows there are the shop's history. */
const RECORD_TABLES = [
  'instructions',
  'payment_events',
  'transactions',
  'refunds',
  'callback_deliveries',
  'callback_attempts',
  'deposit_addresses',
];

async function copyTable(sqlite: Db, client: pg.Client, shape: TableShape, progress?: Progress): Promise<number> {
  const total =
    (sqlite
      .prepare(`SELECT count(*) FROM ${quoteIdent(shape.name)}`)
      .pluck()
      .get() as number) ?? 0;
  const columns = shape.columns.map(quoteIdent).join(', ');
  // PostgreSQL takes at most 65535 parameters per statement.
  const perBatch = Math.max(1, Math.min(1000, Math.floor(30000 / shape.columns.length)));
  const statements = new Map<number, string>();
  const insertSql = (rows: number): string => {
    let sql = statements.get(rows);
    if (!sql) {
      const width = shape.columns.length;
      const tuples = Array.from(
        { length: rows },
        (_, r) => `(${shape.columns.map((_, c) => `$${r * width + c + 1}`).join(', ')})`,
      );
      sql = `INSERT INTO ${quoteIdent(shape.name)} (${columns}) VALUES ${tuples.join(', ')}`;
      statements.set(rows, sql);
    }
    return sql;
  };
  let batch: unknown[] = [];
  let inBatch = 0;
  let copied = 0;
  const flush = async (): Promise<void> => {
    if (inBatch === 0) return;
    await client.query(insertSql(inBatch), batch);
    copied += inBatch;
    batch = [];
    inBatch = 0;
    progress?.(shape.name, copied, total);
  };
  const rows = sqlite
    .prepare(`SELECT ${columns} FROM ${quoteIdent(shape.name)}`)
    .raw(true)
    .safeIntegers(true)
    .iterate() as Iterable<unknown[]>;
  for (const row of rows) {
    // Integers go as exact decimal text (BigInt from SQLite); PostgreSQL casts them to bigint.
    for (const value of row) batch.push(typeof value === 'bigint' ? value.toString() : value);
    if (++inBatch === perBatch) await flush();
  }
  await flush();
  return copied;
}

/** The server's merchant key lives in meta; the embedded one in the data directory's file, never in gateway.db. */
const comparedShapes = (sqlite: Db): TableShape[] =>
  readTableShapes(sqlite).map((s) => (s.name === 'meta' ? { ...s, where: "key <> 'merchant_key'" } : s));

/**
 * The till's merchant key becomes the server's (server-core.ts sharedMerchantKey reads it), so
 * callbacks stay signed with the key their receivers check, and nothing said with the old key breaks.
 */
async function carryMerchantKey(client: pg.Client, key: string): Promise<void> {
  await client.query(
    "INSERT INTO meta (key, value) VALUES ('merchant_key', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
    [key],
  );
}

/** Identity columns continue after the copied ids (payment_events.id). */
async function advanceIdentities(client: pg.Client): Promise<void> {
  const identities = await client.query<{ table_name: string; column_name: string }>(
    "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'",
  );
  for (const { table_name: table, column_name: column } of identities.rows) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${quoteIdent(column)}) FROM ${quoteIdent(table)}), 0) + 1, false)`,
      [quoteIdent(table), column],
    );
  }
}

/** Counts and checksums of every table on both sides. Call inside a transaction on each side. */
export async function compareTables(sqlite: Db, client: pg.Client, shapes: TableShape[]): Promise<TableReport[]> {
  const reports: TableReport[] = [];
  for (const shape of shapes) {
    reports.push({
      table: shape.name,
      sqlite: sqliteTableSum(sqlite, shape),
      postgres: await pgTableSum(client, shape),
    });
  }
  return reports;
}

export const mismatchedTables = (reports: TableReport[]): string[] =>
  reports.filter((r) => r.sqlite.rows !== r.postgres.rows || r.sqlite.sha256 !== r.postgres.sha256).map((r) => r.table);

/**
 * Copies gateway.db (opened read-only by the caller) into the database of `client` (int8 as text),
 * creating the schema first. Resolves with the verified report, or with the mismatches after
 * rolling everything back.
 */
export async function copyGatewayDb(sqlite: Db, client: pg.Client, options: CopyOptions = {}): Promise<CopyReport> {
  const { progress, merchantKey } = options;
  checkSqliteVersion(sqlite);
  await migratePg(client, gatewayPgMigrations);
  const shapes = comparedShapes(sqlite);
  sqlite.exec('BEGIN');
  await client.query('BEGIN');
  try {
    // No other process writes the gateway tables meanwhile (a server started too early waits).
    await client.query(`LOCK TABLE ${shapes.map((s) => quoteIdent(s.name)).join(', ')} IN EXCLUSIVE MODE`);
    const { replacedRows, replacedSettings } = await checkTarget(client, sqlite, shapes, !!options.replaceSettings);
    await client.query(`TRUNCATE ${shapes.map((s) => quoteIdent(s.name)).join(', ')}`);
    let copiedRows = 0;
    for (const shape of shapes) copiedRows += await copyTable(sqlite, client, shape, progress);
    await advanceIdentities(client);
    const tables = await compareTables(sqlite, client, shapes);
    const mismatched = mismatchedTables(tables);
    if (mismatched.length === 0 && merchantKey) await carryMerchantKey(client, merchantKey);
    await client.query(mismatched.length === 0 ? 'COMMIT' : 'ROLLBACK');
    return { tables, mismatched, copiedRows, replacedRows, replacedSettings };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    sqlite.exec('COMMIT');
  }
}

/** Verifies an earlier copy: the same counts and checksums, read in one snapshot on each side. */
export async function verifyGatewayCopy(sqlite: Db, client: pg.Client): Promise<CopyReport> {
  const shapes = comparedShapes(sqlite);
  sqlite.exec('BEGIN');
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const tables = await compareTables(sqlite, client, shapes);
    return { tables, mismatched: mismatchedTables(tables), copiedRows: 0, replacedRows: 0, replacedSettings: [] };
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    sqlite.exec('COMMIT');
  }
}
