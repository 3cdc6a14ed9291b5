/**
 * Restoring from first-run Setup (README, "Backups"): the running app cannot swap databases it holds
 * open, so the backup is checked and unpacked into `<data>/restore-pending/` (marked complete only
 * when every check passed), and the next start of the core, before it opens anything, moves the fresh
 * install's files into `<data>/before-restore-<time>/` and the restored ones into place. A staging
 * folder without its mark (a crash half-way) is thrown away: the install stays as it was.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DATABASES, KEY_FILES } from './archive.js';
import { restoreBackup, type RestoreOptions, type Restored } from './restore.js';

const STAGING = 'restore-pending';
const COMPLETE = '.complete';
/** What a fresh install has that the restored files replace (databases with their WAL files). */
const REPLACED = [...DATABASES.flatMap((name) => [name, `${name}-wal`, `${name}-shm`]), ...KEY_FILES, 'backup.json'];

/** Checks and unpacks the backup beside the running install; applied at the next start. */
export async function stageRestore(
  dataDir: string,
  options: Omit<RestoreOptions, 'dataDir' | 'moveAside'>,
): Promise<Restored> {
  const staging = join(dataDir, STAGING);
  await rm(staging, { recursive: true, force: true });
  const restored = await restoreBackup({ ...options, dataDir: staging });
  await writeFile(join(staging, COMPLETE), restored.manifest.createdAt, { mode: 0o600 });
  return restored;
}

/** At start, before the databases open: puts a complete staged restore in place. True when it did. */
export async function applyPendingRestore(dataDir: string, nowMs: number): Promise<boolean> {
  const staging = join(dataDir, STAGING);
  if (!existsSync(staging)) return false;
  if (!existsSync(join(staging, COMPLETE))) {
    await rm(staging, { recursive: true, force: true });
    return false;
  }
  const aside = join(dataDir, `before-restore-${new Date(nowMs).toISOString().replace(/[:.]/g, '-')}`);
  await mkdir(aside, { mode: 0o700 });
  for (const name of REPLACED)
    if (existsSync(join(dataDir, name))) await rename(join(dataDir, name), join(aside, name));
  for (const name of await readdir(staging))
    if (name !== COMPLETE) await rename(join(staging, name), join(dataDir, name));
  await rm(staging, { recursive: true, force: true });
  return true;
}
