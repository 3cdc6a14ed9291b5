/**
 * A restore staged from first-run Setup (README, "Backups") is applied at the next start only when it
 * was marked complete; a half-staged one (the app died while checking) is thrown away and the install
 * stays as it was. The replaced files are kept in before-restore-<time>/.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPendingRestore } from '../../electron/backup/pending.js';
import { tempDataDir } from '../helpers/host.js';

function install(): string {
  const dir = tempDataDir('pd-pending-');
  writeFileSync(join(dir, 'till.db'), 'fresh till');
  writeFileSync(join(dir, 'gateway.db'), 'fresh gateway');
  writeFileSync(join(dir, 'merchant-key'), 'fresh key');
  writeFileSync(join(dir, 'paydesk.log'), 'log');
  return dir;
}

function stage(dir: string, complete: boolean): void {
  const staging = join(dir, 'restore-pending');
  mkdirSync(staging);
  writeFileSync(join(staging, 'till.db'), 'restored till');
  writeFileSync(join(staging, 'gateway.db'), 'restored gateway');
  writeFileSync(join(staging, 'merchant-key'), 'restored key');
  if (complete) writeFileSync(join(staging, '.complete'), '2026-11-24T10:00:00.000Z');
}

describe('applyPendingRestore', () => {
  it('does nothing without a staged restore', async () => {
    const dir = install();
    expect(await applyPendingRestore(dir, 0)).toBe(false);
    expect(readFileSync(join(dir, 'till.db'), 'utf8')).toBe('fresh till');
  });

  it('throws away a staged restore that was never marked complete', async () => {
    const dir = install();
    stage(dir, false);
    expect(await applyPendingRestore(dir, 0)).toBe(false);
    expect(existsSync(join(dir, 'restore-pending'))).toBe(false);
    expect(readFileSync(join(dir, 'till.db'), 'utf8')).toBe('fresh till');
  });

  it('puts a complete one in place and keeps the replaced files aside; the log stays', async () => {
    const dir = install();
    stage(dir, true);
    expect(await applyPendingRestore(dir, Date.UTC(2026, 10, 24, 12, 0, 0))).toBe(true);
    expect(readFileSync(join(dir, 'till.db'), 'utf8')).toBe('restored till');
    expect(readFileSync(join(dir, 'merchant-key'), 'utf8')).toBe('restored key');
    expect(readFileSync(join(dir, 'paydesk.log'), 'utf8')).toBe('log');
    const aside = join(dir, 'before-restore-2026-11-24T12-00-00-000Z');
    expect(readdirSync(aside).sort()).toEqual(['gateway.db', 'merchant-key', 'till.db']);
    expect(readFileSync(join(aside, 'till.db'), 'utf8')).toBe('fresh till');
    expect(existsSync(join(dir, 'restore-pending'))).toBe(false);
  });
});
