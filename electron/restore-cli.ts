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

const USAGE = `Usage: npm run -s restore -- --from <backup file> --data <empty data directory> [--move-aside] [--passphrase-file <file>]
  --from             the .pdbackup file to restore
  --data             the data directory to restore into: empty or absent
  --move-aside       if --data is not empty, move it to <data>.before-restore-<time> first
  --passphrase-file  read the passphrase from this file (else PAYDESK_BACKUP_PASSPHRASE, else standard input)`;

const ArgsSchema = z.object({
  from: z.string({ error: 'is required' }).min(1, 'must name the backup file'),
  data: z.string({ error: 'is required' }).min(1, 'must name a directory'),
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
  try {
    const restored = await restoreBackup({
      from: args.from,
      dataDir: args.data,
      moveAside: args['move-aside'] ?? false,
      passphrase: await readPassphrase(args['passphrase-file']),
      supported: { gateway: latestVersion(gatewayMigrations), till: latestVersion(tillMigrations) },
      nowMs: Date.now(), // names the moved-aside folder only
    });
    const { counts, createdAt } = restored.manifest;
    process.stdout.write(
      `restored ${counts.orders} orders and ${counts.payments} payments from the backup of ${createdAt} into ${args.data}\n` +
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

process.exitCode = await main();
