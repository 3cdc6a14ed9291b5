/**
 * When backups are made and kept (README, "Backups"), on a manual clock with real databases and files:
 * due at once when set up, then every N hours and after each shop day's close; a failure is recorded
 * and tried again after a growing pause, never silent; retention keeps exactly the newest N; the
 * schedule survives a restart (backup.json); two days without a good backup is overdue.
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackupService } from '../../electron/backup/service.js';
import { openGatewayDb } from '../../electron/gateway/db.js';
import { ManualClock } from '../../electron/platform/clock.js';
import type { Db } from '../../electron/platform/db.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { openTillDb } from '../../electron/till/db.js';
import { tempDataDir } from '../helpers/host.js';

const HOUR = 3600_000;
const PASSPHRASE = 'a long enough passphrase';
let dataDir = '';
let folder = '';
let gatewayDb: Db;
let tillDb: Db;
let clock: ManualClock;
const services: BackupService[] = [];

function service(): BackupService {
  const made = new BackupService({
    dataDir,
    gatewayDb,
    tillDb,
    appVersion: 'test',
    supported: { gateway: 99, till: 99 },
    clock,
    logger: silentLogger,
    dayEndsAt: (ms) => (Math.floor(ms / (24 * HOUR)) + 1) * 24 * HOUR, // shop days in UTC here
  });
  services.push(made);
  return made;
}
const backupsIn = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.pdbackup'))
    .sort();

beforeEach(() => {
  dataDir = tempDataDir('pd-bsched-');
  folder = join(tempDataDir('pd-bsched-usb-'), 'backups');
  mkdirSync(folder);
  gatewayDb = openGatewayDb(join(dataDir, 'gateway.db'));
  tillDb = openTillDb(join(dataDir, 'till.db'));
  writeFileSync(join(dataDir, 'merchant-key'), 'k'.repeat(64), { mode: 0o600 });
  clock = new ManualClock(Date.UTC(2026, 10, 24, 9, 0, 0));
});
afterEach(async () => {
  for (const s of services.splice(0)) await s.close();
  gatewayDb.close();
  tillDb.close();
});

describe('the backup schedule', () => {
  it('is due at once when set up, then N hours later, and again after the shop day closes', async () => {
    const backups = service();
    expect(backups.nextDueAt()).toBeUndefined();
    expect(backups.status()).toMatchObject({ configured: false, overdue: true });
    await backups.configure({ folder, passphrase: PASSPHRASE, everyHours: 6, keep: 14 });
    expect(backups.nextDueAt()).toBe(0);
    await backups.backupNow();
    expect(backups.nextDueAt()).toBe(clock.now() + 6 * HOUR);
    expect(statSync(join(dataDir, 'backup.json')).mode & 0o777).toBe(0o600);
    // 09:00 + 6 h = 15:00; at 20:00 a backup is made; its next is tomorrow 02:00, but the day closes first.
    clock.set(Date.UTC(2026, 10, 24, 20, 0, 0));
    await backups.backupNow();
    expect(backups.nextDueAt()).toBe(Date.UTC(2026, 10, 25, 0, 0, 0));
    // A restart reads the same schedule from backup.json.
    expect(service().status()).toMatchObject({ configured: true, folder, everyHours: 6, keep: 14 });
  });

  it('keeps exactly the newest N backups, and leaves other files in the folder alone', async () => {
    const backups = service();
    await backups.configure({ folder, passphrase: PASSPHRASE, everyHours: 1, keep: 3 });
    writeFileSync(join(folder, 'notes.txt'), 'mine');
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push((await backups.backupNow()).file.split('/').pop()!);
      clock.advance(HOUR);
    }
    expect(backupsIn(folder)).toEqual(made.slice(2));
    expect(readdirSync(folder)).toContain('notes.txt');
    expect(readdirSync(folder).some((name) => name.endsWith('.partial') || name.startsWith('.paydesk'))).toBe(false);
  });

  it('records a failure, tries again after a growing pause, and clears it on success', async () => {
    const backups = service();
    await backups.configure({ folder, passphrase: PASSPHRASE, everyHours: 24, keep: 14 });
    rmSync(folder, { recursive: true });
    writeFileSync(folder, 'the USB stick is gone and a file is in its place');
    await expect(backups.backupNow()).rejects.toThrow();
    const failedAt = clock.now();
    expect(backups.status()).toMatchObject({ lastError: expect.stringMatching(/./), lastFailureAt: failedAt });
    expect(backups.nextDueAt()).toBe(failedAt + 5 * 60_000);
    clock.advance(5 * 60_000);
    await expect(backups.backupNow()).rejects.toThrow();
    expect(backups.nextDueAt()).toBe(clock.now() + 10 * 60_000);
    rmSync(folder);
    mkdirSync(folder);
    await backups.backupNow();
    expect(backups.status()).toMatchObject({ lastError: '', lastFailureAt: 0, overdue: false });
    expect(backupsIn(folder)).toHaveLength(1);
  });

  it('is overdue two days after the last good backup', async () => {
    const backups = service();
    await backups.configure({ folder, passphrase: PASSPHRASE, everyHours: 24, keep: 14 });
    await backups.backupNow();
    clock.advance(47 * HOUR);
    expect(backups.status().overdue).toBe(false);
    clock.advance(2 * HOUR);
    expect(backups.status().overdue).toBe(true);
  });

  it('its timer makes what is due without anyone asking', async () => {
    const backups = service();
    await backups.configure({ folder, passphrase: PASSPHRASE, everyHours: 24, keep: 14 });
    backups.start(20);
    await expect.poll(() => backupsIn(folder).length, { timeout: 10_000, interval: 50 }).toBe(1);
    await expect.poll(() => backups.status().running, { timeout: 10_000, interval: 50 }).toBe(false);
    expect(backups.status().lastSuccessAt).toBe(clock.now());
  });

  it('refuses a relative folder and a first setup without a passphrase, naming the field', async () => {
    const backups = service();
    await expect(
      backups.configure({ folder: 'backups', passphrase: PASSPHRASE, everyHours: 24, keep: 14 }),
    ).rejects.toThrow(/^folder/);
    await expect(backups.configure({ folder, everyHours: 24, keep: 14 })).rejects.toThrow(/^passphrase/);
    await expect(
      backups.configure({ folder: join(folder, 'unplugged'), passphrase: PASSPHRASE, everyHours: 24, keep: 14 }),
    ).rejects.toThrow(/^folder: .* does not exist/);
    expect(backups.status().configured).toBe(false);
  });
});
