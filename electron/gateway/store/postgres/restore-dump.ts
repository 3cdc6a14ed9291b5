/**
 * A test restore of a shop server's backup (README "Moving to a shop server", issue 21): a
 * `pg_dump -Fc` file is restored with PostgreSQL's own `pg_restore` into a new, empty database, in one
 * transaction, then checked: its schema version is one this Paydesk knows, and what it holds is
 * counted (payments, their events, transactions, refunds, callback deliveries). The password goes to
 * pg_restore through its environment, never its command line, and never appears in a message.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { connectPg, parseDatabaseUrl, redact } from './connect.js';
import { pgSchemaVersion } from './migrate.js';

export class DumpRestoreRefused extends Error {}

/** The tables a restore is summed up by, in the order they are printed. */
export const COUNTED_TABLES = ['payments', 'payment_events', 'transactions', 'refunds', 'callback_deliveries'] as const;

export interface RestoredDump {
  version: number;
  counts: Record<(typeof COUNTED_TABLES)[number], number>;
}

/** A custom-format dump (pg_dump -Fc) begins with these bytes. */
export async function isPgDump(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    const { bytesRead } = await handle.read(head, 0, 5, 0);
    return bytesRead === 5 && head.toString('latin1') === 'PGDMP';
  } finally {
    await handle.close();
  }
}

/** pg_restore: PG_BIN's, else Debian's newest, else the PATH's. */
function pgRestoreBinary(): string {
  const dirs: string[] = [];
  if (process.env.PG_BIN) dirs.push(process.env.PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian))
    dirs.push(
      ...readdirSync(debian)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => join(debian, v, 'bin')),
    );
  dirs.push(...(process.env.PATH ?? '').split(':').filter(Boolean));
  const found = dirs.map((dir) => join(dir, 'pg_restore')).find((file) => existsSync(file));
  if (!found)
    throw new DumpRestoreRefused('pg_restore was not found: install PostgreSQL client tools (postgresql-client)');
  return found;
}

function runPgRestore(file: string, url: string): Promise<void> {
  const parsed = parseDatabaseUrl(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(
      pgRestoreBinary(),
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '-d', parsed.toString(), file],
      { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error) => reject(new DumpRestoreRefused(redact(error.message, url))));
    child.once('exit', (code) => {
      if (code === 0) return resolve();
      const first = errors.trim().split('\n').slice(0, 3).join(' ');
      reject(new DumpRestoreRefused(redact(`pg_restore could not restore it: ${first || `exit ${code}`}`, url)));
    });
  });
}

export async function restorePgDump(file: string, url: string, supportedVersion: number): Promise<RestoredDump> {
  if (!(await isPgDump(file)))
    throw new DumpRestoreRefused(`${file} is not a pg_dump custom-format file (make one with pg_dump -Fc)`);
  const client = await connectPg(url, { applicationName: 'paydesk restore' });
  try {
    const tables = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
    );
    if ((tables.rows[0]?.n ?? 0) > 0)
      throw new DumpRestoreRefused('the database is not empty: restore into a new, empty database');
    await runPgRestore(file, url);
    const version = await pgSchemaVersion(client);
    if (version === 0) throw new DumpRestoreRefused('the dump holds no Paydesk gateway (no schema version)');
    if (version > supportedVersion)
      throw new DumpRestoreRefused(
        `the dump was written by a newer Paydesk (schema version ${version}; this one knows up to ${supportedVersion})`,
      );
    const counts = {} as RestoredDump['counts'];
    for (const table of COUNTED_TABLES)
      counts[table] = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n ?? 0;
    return { version, counts };
  } finally {
    await client.end().catch(() => undefined);
  }
}
