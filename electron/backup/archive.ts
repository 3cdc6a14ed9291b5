/**
 * Making a backup (README, "Backups"): both databases copied with SQLite's online backup (consistent
 * while the app takes payments: writes on the same connection are carried into the copy), together
 * with the merchant key and the till's certificate, a manifest (version, time, checksums, counts), all
 * in one gzipped tar sealed with the owner's key. The file appears under its final name only once it
 * is complete and on disk, so a folder never holds half a backup under a backup's name.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { create as createTar } from 'tar';
import type { Db } from '../platform/db.js';
import { sealTo, type BackupKey } from './sealed-file.js';

/** The files of a data directory a backup carries besides the databases (restored as they were). */
export const KEY_FILES = ['merchant-key', 'till-cert.pem', 'till-key.pem'] as const;
export const DATABASES = ['gateway.db', 'till.db'] as const;
export const BACKUP_EXTENSION = '.pdbackup';

export interface ManifestFile {
  name: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: 1;
  appVersion: string;
  createdAt: string;
  /** PRAGMA user_version of each database: a restore refuses a newer one. */
  schema: { gateway: number; till: number };
  counts: { orders: number; payments: number };
  files: ManifestFile[];
}

export interface BackupSource {
  dataDir: string;
  gatewayDb: Db;
  tillDb: Db;
  appVersion: string;
}

export interface MadeBackup {
  file: string;
  bytes: number;
  manifest: Manifest;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** `paydesk-backup-20261124-101500.pdbackup`, in UTC, so names sort by time. */
export function backupName(nowMs: number): string {
  const iso = new Date(nowMs).toISOString();
  return `paydesk-backup-${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}${BACKUP_EXTENSION}`;
}

function countAndVersion(file: string, table: string): { count: number; version: number } {
  const copy = new Database(file, { readonly: true });
  try {
    const count = (copy.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return { count, version: copy.pragma('user_version', { simple: true }) as number };
  } finally {
    copy.close();
  }
}

async function describe(staging: string, names: readonly string[]): Promise<ManifestFile[]> {
  const files: ManifestFile[] = [];
  for (const name of names) {
    const path = join(staging, name);
    files.push({ name, bytes: (await stat(path)).size, sha256: await sha256Of(path) });
  }
  return files;
}

/** Writes one sealed backup into `folder`; `nowMs` names it (the till's clock). */
export async function makeBackup(
  source: BackupSource,
  key: BackupKey,
  folder: string,
  nowMs: number,
): Promise<MadeBackup> {
  const staging = await mkdtemp(join(folder, '.paydesk-backup-'));
  try {
    // The till first: every order it knows the gateway took was then taken before the gateway's copy
    // is made, so the restored pair agrees (the gateway may hold a few newer payments, never fewer).
    await source.tillDb.backup(join(staging, 'till.db'));
    await source.gatewayDb.backup(join(staging, 'gateway.db'));
    const keyFiles = KEY_FILES.filter((name) => existsSync(join(source.dataDir, name)));
    for (const name of keyFiles) await copyFile(join(source.dataDir, name), join(staging, name));
    const gateway = countAndVersion(join(staging, 'gateway.db'), 'payments');
    const till = countAndVersion(join(staging, 'till.db'), 'orders');
    const manifest: Manifest = {
      format: 1,
      appVersion: source.appVersion,
      createdAt: new Date(nowMs).toISOString(),
      schema: { gateway: gateway.version, till: till.version },
      counts: { orders: till.count, payments: gateway.count },
      files: await describe(staging, [...DATABASES, ...keyFiles]),
    };
    await writeFile(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2), { mode: 0o600 });
    const entries = ['manifest.json', ...manifest.files.map((f) => f.name)];
    const file = join(folder, backupName(nowMs));
    const partial = `${file}.partial`;
    // tar's stream is a Minipass; Readable.from adapts it for Node's pipeline.
    await sealTo(Readable.from(createTar({ gzip: true, cwd: staging, portable: true }, entries)), partial, key);
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
