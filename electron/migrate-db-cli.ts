/**
 * `npm run -s migrate-db -- --data DIR --database URL [--verify-only | --replace-settings]`: copies the embedded gateway's
 * gateway.db into PostgreSQL and verifies it (README, "Moving to a shop server"). The URL may come
 * from PAYDESK_DATABASE_URL instead (better: a command line is visible to other users of the
 * machine). Its password is never printed. Stop the till first: gateway.db is read as one snapshot,
 * and payments taken after it would stay behind. Settings an owner changed on the server refuse the
 * copy (named) unless --replace-settings accepts replacing them. Exit 0 copied and verified, 1 refused, failed or
 * mismatched, 2 bad usage.
 */
import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { MERCHANT_KEY_FILE } from './gateway/merchant-key.js';
import { dataDirHolder } from './platform/data-lock.js';
import { connectPg, describeTarget, redact } from './gateway/store/postgres/connect.js';
import {
  copyGatewayDb,
  verifyGatewayCopy,
  type CopyReport,
  type Progress,
} from './gateway/store/postgres/migrate-db.js';

const USAGE = `Usage: npm run -s migrate-db -- --data <data directory> [--database <postgres://user:password@host:port/db>] [--verify-only | --replace-settings]
  --data              the till's data directory holding gateway.db (stop the till first)
  --database          the PostgreSQL database to copy into (else PAYDESK_DATABASE_URL); it must hold no payments
  --verify-only       copy nothing: compare counts and checksums of an earlier copy
  --replace-settings  replace settings an owner changed on the server with the till's (else they refuse the copy)`;

const ArgsSchema = z.object({
  data: z.string({ error: 'is required' }).min(1, 'must name a directory'),
  database: z.string().min(1, 'must be a postgres:// URL').optional(),
  'verify-only': z.boolean().optional(),
  'replace-settings': z.boolean().optional(),
});

const out = (text: string): boolean => process.stdout.write(`${text}\n`);
const err = (text: string): boolean => process.stderr.write(`${text}\n`);

export function formatReport(report: CopyReport): string {
  const rows = report.tables.map((t) => [
    t.table,
    String(t.sqlite.rows),
    String(t.postgres.rows),
    t.sqlite.sha256.slice(0, 16),
    t.postgres.sha256.slice(0, 16),
    report.mismatched.includes(t.table) ? 'MISMATCH' : 'ok',
  ]);
  const header = ['table', 'rows SQLite', 'rows PostgreSQL', 'sha256 SQLite', 'sha256 PostgreSQL', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** The embedded gateway's merchant key (DIR/merchant-key), carried into the server's database. */
function tillMerchantKey(dataDir: string): string | undefined {
  const file = join(dataDir, MERCHANT_KEY_FILE);
  if (!existsSync(file)) return undefined;
  const key = readFileSync(file, 'utf8').trim();
  return key.length >= 16 ? key : undefined;
}

function progressPrinter(): Progress {
  let last = 0;
  return (table, copied, total) => {
    // Big tables only, every 20,000 rows and at their end.
    if (total < 20_000 || (copied - last < 20_000 && copied !== total)) return;
    last = copied === total ? 0 : copied;
    err(`[migrate-db] ${table}: ${copied} of ${total} rows copied`);
  };
}

function parse(): z.infer<typeof ArgsSchema> | undefined {
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        data: { type: 'string' },
        database: { type: 'string' },
        'verify-only': { type: 'boolean' },
        'replace-settings': { type: 'boolean' },
      },
      strict: true,
    });
    const parsed = ArgsSchema.safeParse(values);
    if (parsed.success && parsed.data['verify-only'] && parsed.data['replace-settings'])
      err(`--replace-settings: a verification copies nothing and replaces nothing\n${USAGE}`);
    else if (parsed.success) return parsed.data;
    else {
      const issue = parsed.error.issues[0];
      err(`--${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'invalid'}\n${USAGE}`);
    }
  } catch (error) {
    // parseArgs quotes unknown arguments, which may be a URL with its password: never echo them.
    err(`${(error as Error).message.split("'")[0]?.trim() ?? 'bad arguments'}\n${USAGE}`);
  }
  return undefined;
}

async function run(dataDir: string, url: string, verifyOnly: boolean, replaceSettings: boolean): Promise<number> {
  const file = join(dataDir, 'gateway.db');
  if (!existsSync(file)) {
    err(`migrate-db: there is no gateway.db in ${dataDir}`);
    return 1;
  }
  const holder = dataDirHolder(dataDir);
  if (holder) {
    err(
      `migrate-db: ${dataDir} is in use by a running Paydesk (${holder.process}, pid ${holder.pid}): ` +
        'stop the till first, then run migrate-db again (payments taken during a copy would stay behind).',
    );
    return 1;
  }
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  const started = performance.now();
  try {
    out(`migrate-db: ${file} -> ${describeTarget(url)}${verifyOnly ? ' (verify only)' : ''}`);
    const client = await connectPg(url, { int8AsText: true, applicationName: 'paydesk migrate-db' });
    try {
      const report = verifyOnly
        ? await verifyGatewayCopy(sqlite, client)
        : await copyGatewayDb(sqlite, client, {
            progress: progressPrinter(),
            merchantKey: tillMerchantKey(dataDir),
            replaceSettings,
          });
      const seconds = (performance.now() - started) / 1000;
      out(formatReport(report));
      if (report.mismatched.length > 0) {
        out(
          `MISMATCH in ${report.mismatched.join(', ')}: ` +
            (verifyOnly ? 'the database differs from gateway.db.' : 'the copy was rolled back; nothing was kept.'),
        );
        return 1;
      }
      if (!verifyOnly) {
        const rate = Math.round(report.copiedRows / Math.max(seconds, 0.001));
        out(
          `copied ${report.copiedRows} rows of ${report.tables.length} tables in ${seconds.toFixed(1)} s (${rate} rows/s)` +
            (report.replacedRows > 0 ? `, replacing ${report.replacedRows} rows of the database's own seed` : ''),
        );
      }
      out('verified: row counts and checksums of every table match');
      if (report.replacedSettings.length > 0)
        out(
          [
            "replaced these settings changed on the server with the till's (--replace-settings):",
            ...report.replacedSettings.map((s) => `  ${s.name}: ${s.server}`),
          ].join('\n'),
        );
      if (!verifyOnly && tillMerchantKey(dataDir))
        out("the till's merchant key is now the server's: callback signatures and receipt links stay valid");
      return 0;
    } finally {
      await client.end().catch(() => undefined);
    }
  } finally {
    sqlite.close();
  }
}

async function main(): Promise<number> {
  const args = parse();
  if (!args) return 2;
  const url = args.database ?? process.env.PAYDESK_DATABASE_URL ?? '';
  if (!url) {
    err(`--database: is required (or set PAYDESK_DATABASE_URL)\n${USAGE}`);
    return 2;
  }
  try {
    return await run(args.data, url, args['verify-only'] ?? false, args['replace-settings'] ?? false);
  } catch (error) {
    err(`migrate-db: ${redact((error as Error).message || String(error), url)}`);
    return 1;
  }
}

process.exitCode = await main();
