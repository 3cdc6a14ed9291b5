/**
 * Who holds a data directory: a running host (Electron or headless) writes `paydesk.lock` (its pid and
 * what it is) into its data directory and removes it when it closes. Tools that must
 * not work on a live directory (migrate-db) refuse while the process named there is alive. A lock left
 * behind by a crash names a dead pid and is ignored.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';

export const DATA_LOCK_FILE = 'paydesk.lock';

const LockSchema = z.object({ pid: z.number().int().positive(), process: z.string() });
export type DataLock = z.infer<typeof LockSchema>;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Marks the directory as held by this process; the returned function releases it (only if still ours). */
export function holdDataDir(dataDir: string): () => void {
  const file = join(dataDir, DATA_LOCK_FILE);
  const what = process.argv
    .slice(0, 2)
    .map((part) => basename(part))
    .join(' ');
  const lock: DataLock = { pid: process.pid, process: what };
  writeFileSync(file, `${JSON.stringify(lock)}\n`, { mode: 0o600 });
  return () => {
    if (dataDirHolder(dataDir)?.pid === process.pid) rmSync(file, { force: true });
  };
}

/** The live process holding the directory, if any (a missing, unreadable or stale lock is none). */
export function dataDirHolder(dataDir: string): DataLock | undefined {
  let text: string;
  try {
    text = readFileSync(join(dataDir, DATA_LOCK_FILE), 'utf8');
  } catch {
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const lock = LockSchema.safeParse(parsed);
  return lock.success && alive(lock.data.pid) ? lock.data : undefined;
}
