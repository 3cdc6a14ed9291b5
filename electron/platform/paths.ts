/** Where the data directory lives: `--data`, else PAYDESK_DATA, else the platform's per-user data dir. */
import envPaths from 'env-paths';
import { mkdirSync, chmodSync } from 'node:fs';
import { resolve } from 'node:path';

export function defaultDataDir(): string {
  return envPaths('Paydesk', { suffix: '' }).data;
}

export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = flag ?? env.PAYDESK_DATA ?? defaultDataDir();
  return resolve(chosen);
}

/** Creates the data directory, readable by its owner only (it holds the merchant key). */
export function ensureDataDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch {
    // Some filesystems (e.g. Windows) ignore modes; the key file is still written 0600 where possible.
  }
  return dir;
}
