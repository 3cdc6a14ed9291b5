/**
 * Scheduled backups (README, "Backups"): the owner sets a passphrase, a folder (a USB stick, a synced
 * folder), how often and how many to keep. A backup is due every N hours and after each close of a
 * shop day; one that fails is tried again with a growing pause and its error is shown, never silent.
 * The configuration and the last outcomes live in `backup.json` (0600) in the data directory, written
 * whole and renamed into place, so a restart resumes exactly what was due. Only the key derived from
 * the passphrase is kept there (it must make scheduled backups without the owner); the passphrase
 * itself never is, and restoring asks for it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readdir, rename, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import type { BackupStatus } from '../../shared/posapi.js';
import type { Clock } from '../platform/clock.js';
import type { Db } from '../platform/db.js';
import type { Logger } from '../platform/logger.js';
import { BACKUP_EXTENSION, makeBackup, type MadeBackup, type Manifest } from './archive.js';
import { stageRestore } from './pending.js';
import { deriveKey, type BackupKey } from './sealed-file.js';

const HOUR = 3600_000;
/** The Charge screen warns when the last good backup is older than this. */
export const OVERDUE_MS = 48 * HOUR;
const RETRY_FIRST_MS = 5 * 60_000;
const RETRY_MAX_MS = HOUR;
const NAME_PATTERN = new RegExp(`^paydesk-backup-\\d{8}-\\d{6}\\${BACKUP_EXTENSION}$`);

const StateSchema = z.object({
  folder: z.string(),
  everyHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 7),
  keep: z.number().int().min(1).max(365),
  key: z.object({ key: z.string(), salt: z.string(), N: z.number(), r: z.number(), p: z.number() }),
  lastSuccessAt: z.number(),
  lastFile: z.string(),
  lastBytes: z.number(),
  lastError: z.string(),
  lastFailureAt: z.number(),
  failures: z.number().int().min(0),
});
type State = z.infer<typeof StateSchema>;

export interface BackupSettings {
  folder: string;
  passphrase?: string;
  everyHours: number;
  keep: number;
}

export interface BackupServiceDeps {
  dataDir: string;
  gatewayDb: Db;
  tillDb: Db;
  appVersion: string;
  clock: Clock;
  logger: Logger;
  /** The newest schema versions this Paydesk knows (a backup from a newer one is refused). */
  supported: { gateway: number; till: number };
  /** When the shop day holding this moment ends (ms, in the shop's time zone): a backup follows each day's close. */
  dayEndsAt: (ms: number) => number;
}

export class BackupService {
  private readonly file: string;
  private state: State | undefined;
  private running: Promise<MadeBackup> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: BackupServiceDeps) {
    this.file = join(deps.dataDir, 'backup.json');
    this.state = this.load();
  }

  private load(): State | undefined {
    if (!existsSync(this.file)) return undefined;
    const parsed = StateSchema.safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
    if (!parsed.success) {
      this.deps.logger.error('backup.json is unreadable; backups are off until the owner sets them again');
      return undefined;
    }
    return parsed.data;
  }

  private async save(state: State): Promise<void> {
    const partial = `${this.file}.partial`;
    await writeFile(partial, JSON.stringify(state), { mode: 0o600 });
    await rename(partial, this.file);
    this.state = state;
  }

  /** Sets (or changes) where and how often; a new passphrase derives a new key. */
  async configure(settings: BackupSettings): Promise<BackupStatus> {
    if (!isAbsolute(settings.folder)) throw new Error('folder: must be an absolute path');
    // Never made here: an unplugged USB stick must fail loudly, not fill a new folder on the till's own disk.
    if (!existsSync(settings.folder) || !statSync(settings.folder).isDirectory())
      throw new Error(`folder: ${settings.folder} does not exist (plug in the drive, or create the folder first)`);
    let key = this.state?.key;
    if (settings.passphrase !== undefined) {
      const derived = await deriveKey(settings.passphrase);
      key = {
        key: derived.key.toString('base64'),
        salt: derived.salt.toString('base64'),
        N: derived.N,
        r: derived.r,
        p: derived.p,
      };
    }
    if (!key) throw new Error('passphrase: is required the first time');
    const previous = this.state;
    await this.save({
      folder: settings.folder,
      everyHours: settings.everyHours,
      keep: settings.keep,
      key,
      lastSuccessAt: previous?.lastSuccessAt ?? 0,
      lastFile: previous?.lastFile ?? '',
      lastBytes: previous?.lastBytes ?? 0,
      lastError: '',
      lastFailureAt: 0,
      failures: 0,
    });
    return this.status();
  }

  /** When the next backup is due (till's clock), or undefined when backups are not set up. */
  nextDueAt(): number | undefined {
    const s = this.state;
    if (!s) return undefined;
    if (s.failures > 0) return s.lastFailureAt + Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (s.failures - 1));
    if (s.lastSuccessAt === 0) return 0;
    // N hours after the last good one, or when the shop day it was made in closes, whichever is first.
    return Math.min(s.lastSuccessAt + s.everyHours * HOUR, this.deps.dayEndsAt(s.lastSuccessAt));
  }

  status(): BackupStatus {
    const s = this.state;
    const now = this.deps.clock.now();
    return {
      configured: s !== undefined,
      folder: s?.folder ?? '',
      everyHours: s?.everyHours ?? 24,
      keep: s?.keep ?? 14,
      lastSuccessAt: s?.lastSuccessAt ?? 0,
      lastFile: s?.lastFile ?? '',
      lastBytes: s?.lastBytes ?? 0,
      lastError: s?.lastError ?? '',
      lastFailureAt: s?.lastFailureAt ?? 0,
      nextDueAt: this.nextDueAt() ?? 0,
      running: this.running !== undefined,
      overdue: s === undefined || s.lastSuccessAt === 0 || now - s.lastSuccessAt > OVERDUE_MS,
    };
  }

  /** Makes a backup now (one at a time: a second call joins the running one). */
  backupNow(): Promise<MadeBackup> {
    this.running ??= this.run().finally(() => (this.running = undefined));
    return this.running;
  }

  private async run(): Promise<MadeBackup> {
    const s = this.state;
    if (!s) throw new Error('Backups are not set up: choose a folder and a passphrase first.');
    const key: BackupKey = {
      key: Buffer.from(s.key.key, 'base64'),
      salt: Buffer.from(s.key.salt, 'base64'),
      N: s.key.N,
      r: s.key.r,
      p: s.key.p,
    };
    const { dataDir, gatewayDb, tillDb, appVersion, clock, logger } = this.deps;
    try {
      const made = await makeBackup({ dataDir, gatewayDb, tillDb, appVersion }, key, s.folder, clock.now());
      await this.save({
        ...s,
        lastSuccessAt: clock.now(),
        lastFile: made.file,
        lastBytes: made.bytes,
        lastError: '',
        lastFailureAt: 0,
        failures: 0,
      });
      await this.prune(s.folder, s.keep);
      logger.info('backup made', { file: made.file, bytes: made.bytes, ...made.manifest.counts });
      return made;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.save({ ...s, lastError: message, lastFailureAt: clock.now(), failures: s.failures + 1 });
      logger.error('backup failed', { error: message, failures: s.failures + 1 });
      throw error;
    }
  }

  /**
   * Checks and unpacks a backup to replace this install at the next start (first-run Setup: the caller
   * makes sure the till is new). Throws RestoreRefused or BackupOpenError with words for the owner.
   */
  async stageRestore(file: string, passphrase: string): Promise<Manifest> {
    const { manifest } = await stageRestore(this.deps.dataDir, {
      from: file,
      passphrase,
      supported: this.deps.supported,
      nowMs: this.deps.clock.now(),
    });
    return manifest;
  }

  /** Keeps the newest `keep` backups in the folder (by their time-ordered names); others are deleted. */
  private async prune(folder: string, keep: number): Promise<void> {
    const names = (await readdir(folder)).filter((name) => NAME_PATTERN.test(name)).sort();
    for (const name of names.slice(0, Math.max(0, names.length - keep))) await rm(join(folder, name), { force: true });
  }

  /** Looks for due work every `everyMs` (a backup that falls due while the app is closed runs at start). */
  start(everyMs = 60_000): void {
    const tick = () => {
      const due = this.nextDueAt();
      if (due !== undefined && due <= this.deps.clock.now() && !this.running) this.backupNow().catch(() => undefined); // recorded in the state and the log
    };
    tick();
    this.timer = setInterval(tick, everyMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }
}
