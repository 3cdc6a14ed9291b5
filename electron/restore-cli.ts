/**
 * `npm run -s restore -- --from FILE --data DIR [--move-aside] [--passphrase-file F]`: restores a backup
 * into a data directory (README, "Backups"). The passphrase comes from --passphrase-file, else
 * PAYDESK_BACKUP_PASSPHRASE, else one line of standard input. Exit 0 restored, 2 bad usage, 1 refused.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { BackupOpenError } from './backup/sealed-file.js';
import { restoreBackup, RestoreRefused } from './backup/restore.js';
import { gatewayMigrations } from './gateway/db.js';
import { latestVersion } from './platform/db.js';
import { tillMigrations } from './till/db.js';
import { describeTarget, redact } from './gateway/store/postgres/connect.js';
import { COUNTED_TABLES, isPgDump, restorePgDump } from './gateway/store/postgres/restore-dump.js';

const USAGE = `Usage: npm run -s restore -- --from <backup file> --data <empty data directory> [--move-aside] [--passphrase-file <file>]
       npm run -s restore -- --from <pg_dump -Fc file> --database postgres://... (a shop server's dump, into an empty database)
  --from             the .pdbackup file to restore
  --data             the data directory to restore into: empty or absent
  --move-aside       if --data is not empty, move it to <data>.before-restore-<time> first
  --passphrase-file  read the passphrase from this file (else PAYDESK_BACKUP_PASSPHRASE, else standard input)
  --database         a shop server's test restore: the new, empty PostgreSQL database to restore the dump into
                     (else PAYDESK_DATABASE_URL); its password is never printed`;

const ArgsSchema = z.object({
  from: z.string({ error: 'is required' }).min(1, 'must name the backup file'),
  data: z.string().min(1, 'must name a directory').optional(),
  database: z.string().min(1).optional(),
  'move-aside': z.boolean().optional(),
  'passphrase-file': z.string().min(1).optional(),
});

async function readPassphrase(file: string | undefined): Promise<string> {
  if (file) return readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  const fromEnv = process.env.PAYDESK_BACKUP_PASSPHRASE;
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) process.stderr.write('Backup passphrase: ');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

async function main(): Promise<number> {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        from: { type: 'string' },
        data: { type: 'string' },
        'move-aside': { type: 'boolean' },
        'passphrase-file': { type: 'string' },
        database: { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    process.stderr.write(`--${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'invalid'}\n${USAGE}\n`);
    return 2;
  }
  const args = parsed.data;
  if (await isPgDump(args.from).catch(() => false)) return restoreDump(args.from, args.database);
  if (args.database) {
    process.stderr.write(`--database: ${args.from} is not a pg_dump -Fc file; a .pdbackup restores into --data\n`);
    return 2;
  }
  if (!args.data) {
    process.stderr.write(`--data: is required\n${USAGE}\n`);
    return 2;
  }
  const dataDir = args.data;
  try {
    const restored = await restoreBackup({
      from: args.from,
      dataDir,
      moveAside: args['move-aside'] ?? false,
      passphrase: await readPassphrase(args['passphrase-file']),
      supported: { gateway: latestVersion(gatewayMigrations), till: latestVersion(tillMigrations) },
      nowMs: Date.now(), // names the moved-aside folder only
    });
    const { counts, createdAt } = restored.manifest;
    process.stdout.write(
      `restored ${counts.orders} orders and ${counts.payments} payments from the backup of ${createdAt} into ${dataDir}\n` +
        (restored.movedAside ? `the previous data directory is now ${restored.movedAside}\n` : '') +
        'Open orders are checked with the gateway when Paydesk next starts.\n',
    );
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefused || error instanceof BackupOpenError) {
      process.stderr.write(`restore refused: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

/** A shop server's dump restored into an empty database and checked (README, "Moving to a shop server"). */
async function restoreDump(file: string, given: string | undefined): Promise<number> {
  const url = given ?? process.env.PAYDESK_DATABASE_URL;
  if (!url) {
    process.stderr.write(
      `--database: a PostgreSQL dump restores into a database (or PAYDESK_DATABASE_URL)\n${USAGE}\n`,
    );
    return 2;
  }
  try {
    const { version, counts } = await restorePgDump(file, url, latestVersion(gatewayMigrations));
    const lines = COUNTED_TABLES.map((table) => `  ${table.padEnd(20)} ${counts[table]}`);
    process.stdout.write(
      `restored the dump into ${describeTarget(url)} (schema version ${version})\n${lines.join('\n')}\n` +
        'Start a shop server on it (npm run -s server -- --database ...) to use it.\n',
    );
    return 0;
  } catch (error) {
    process.stderr.write(`restore refused: ${redact((error as Error).message, url)}\n`);
    return 1;
  }
}

process.exitCode = await main();
