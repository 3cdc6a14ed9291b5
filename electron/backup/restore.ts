/**
 * Restoring a backup into a data directory (README, "Backups"). Everything is checked before anything
 * lands: the passphrase, the seal (a changed or cut-short file is refused), the manifest's checksums,
 * the schema versions (a backup from a newer Paydesk is refused) and SQLite's integrity check. Only an
 * empty (or absent) directory is restored into; an existing one is moved aside when asked, never
 * overwritten. Open orders are reconciled with the gateway by the till's next start, as after any restart.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { extract } from 'tar';
import { z } from 'zod';
import { DATABASES, KEY_FILES, sha256Of, type Manifest } from './archive.js';
import { unsealTo } from './sealed-file.js';

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

const ALLOWED = new Set<string>(['manifest.json', ...DATABASES, ...KEY_FILES]);

const ManifestSchema = z.object({
  format: z.literal(1),
  appVersion: z.string().max(40),
  createdAt: z.string().max(40),
  schema: z.object({ gateway: z.number().int().min(0), till: z.number().int().min(0) }),
  counts: z.object({ orders: z.number().int().min(0), payments: z.number().int().min(0) }),
  files: z
    .array(
      z.object({
        name: z.string().refine((name) => ALLOWED.has(name), 'is not a file a backup carries'),
        bytes: z.number().int().min(0),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
      }),
    )
    .max(ALLOWED.size),
});

export interface RestoreOptions {
  from: string;
  passphrase: string;
  dataDir: string;
  /** Move an existing, non-empty data directory aside (to `<dir>.before-restore-<time>`) instead of refusing. */
  moveAside?: boolean;
  /** The newest schema versions this Paydesk knows. */
  supported: { gateway: number; till: number };
  nowMs: number;
}

export interface Restored {
  manifest: Manifest;
  /** Where an existing directory was moved, '' when there was none. */
  movedAside: string;
}

async function isEmptyDir(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  if (!(await stat(dir)).isDirectory()) throw new RestoreRefused(`--data: ${dir} exists and is not a directory.`);
  return (await readdir(dir)).length === 0;
}

async function readManifest(dir: string): Promise<Manifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
  } catch {
    throw new RestoreRefused('The backup has no readable manifest.');
  }
  const parsed = ManifestSchema.safeParse(raw);
  if (!parsed.success) throw new RestoreRefused(`The backup's manifest is invalid: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

async function verifyFiles(dir: string, manifest: Manifest, supported: RestoreOptions['supported']): Promise<void> {
  for (const name of DATABASES)
    if (!manifest.files.some((f) => f.name === name)) throw new RestoreRefused(`The backup has no ${name}.`);
  for (const file of manifest.files) {
    const path = join(dir, file.name);
    if (!existsSync(path)) throw new RestoreRefused(`The backup lacks ${file.name}, which its manifest lists.`);
    if ((await stat(path)).size !== file.bytes || (await sha256Of(path)) !== file.sha256)
      throw new RestoreRefused(`${file.name} in the backup does not match its checksum.`);
  }
  if (manifest.schema.gateway > supported.gateway || manifest.schema.till > supported.till)
    throw new RestoreRefused(
      `The backup was made by a newer version of Paydesk (${manifest.appVersion}); update Paydesk to restore it.`,
    );
  for (const name of DATABASES) {
    const db = new Database(join(dir, name), { readonly: true });
    try {
      const result = db.pragma('integrity_check', { simple: true });
      if (result !== 'ok') throw new RestoreRefused(`${name} in the backup fails SQLite's integrity check: ${result}`);
    } finally {
      db.close();
    }
  }
}

async function unpack(options: RestoreOptions, work: string): Promise<Manifest> {
  const archive = join(work, 'archive.tgz');
  await unsealTo(options.from, options.passphrase, archive);
  const files = join(work, 'files');
  await mkdir(files, { mode: 0o700 });
  // Only the expected plain files, by their bare names: nothing can land outside `files`.
  await extract({
    file: archive,
    cwd: files,
    strict: true,
    filter: (path, entry) => ALLOWED.has(path) && basename(path) === path && 'type' in entry && entry.type === 'File',
  });
  const manifest = await readManifest(files);
  await verifyFiles(files, manifest, options.supported);
  return manifest;
}

/** Restores `from` into `dataDir`; throws RestoreRefused or BackupOpenError with words for the owner. */
export async function restoreBackup(options: RestoreOptions): Promise<Restored> {
  const dataDir = resolve(options.dataDir);
  if (!existsSync(options.from)) throw new RestoreRefused(`--from: ${options.from} does not exist.`);
  const empty = await isEmptyDir(dataDir);
  if (!empty && !options.moveAside)
    throw new RestoreRefused(
      `--data: ${dataDir} is not empty. Restore into an empty directory, or add --move-aside to keep the old one beside it.`,
    );
  await mkdir(dirname(dataDir), { recursive: true });
  const work = await mkdtemp(join(dirname(dataDir), '.paydesk-restore-'));
  try {
    const manifest = await unpack(options, work);
    let movedAside = '';
    if (!empty) {
      movedAside = `${dataDir}.before-restore-${new Date(options.nowMs).toISOString().replace(/[:.]/g, '-')}`;
      await rename(dataDir, movedAside);
    }
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    for (const file of manifest.files) {
      await rename(join(work, 'files', file.name), join(dataDir, file.name));
      if (file.name !== 'till-cert.pem') await chmod(join(dataDir, file.name), 0o600);
    }
    return { manifest, movedAside };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
