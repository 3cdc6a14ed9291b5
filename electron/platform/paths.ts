/** Where the data directory lives: `--data`, else PAYDESK_DATA, else the platform's per-user data dir. */
import envPaths from 'env-paths';
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export function defaultDataDir(): string {
  return envPaths('Paydesk', { suffix: '' }).data;
}

export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = flag ?? env.PAYDESK_DATA ?? defaultDataDir();
  return resolve(chosen);
}

/**
 * Creates the data directory readable by its owner only (it holds the merchant key). An existing
 * directory is left as the owner set it: `exposureWarnings` tells when it is open to others.
 */
export function ensureDataDir(dir: string): string {
  if (existsSync(dir)) return dir;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch {
    // Some filesystems (e.g. Windows) ignore modes.
  }
  return dir;
}

/** The files of a data directory that only its owner should read. */
export const PRIVATE_FILES = ['merchant-key', 'gateway.db', 'till.db', 'paydesk.log', 'till-key.pem'] as const;

/**
 * Warnings for a data directory (or its private files) that other users of the machine may read
 * or write; empty where modes do not exist (Windows) or all is private.
 */
export function exposureWarnings(dir: string): string[] {
  if (process.platform === 'win32') return [];
  const warnings: string[] = [];
  const openToOthers = (path: string): boolean => {
    try {
      return (statSync(path).mode & 0o077) !== 0;
    } catch {
      return false;
    }
  };
  if (openToOthers(dir))
    warnings.push(`The data directory ${dir} can be read by other users of this machine; run: chmod 700 '${dir}'`);
  for (const name of PRIVATE_FILES) {
    const path = join(dir, name);
    if (openToOthers(path))
      warnings.push(`${path} can be read by other users of this machine; run: chmod 600 '${path}'`);
  }
  return warnings;
}
