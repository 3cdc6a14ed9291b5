/**
 * The data directory's private files (README "Security"): made 0600 by Paydesk, and a directory or
 * file left open to other users is reported at start, not silently changed.
 */
import { chmodSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCore } from '../../electron/compose.js';
import { ManualClock } from '../../electron/platform/clock.js';
import { createLogger } from '../../electron/platform/logger.js';
import { tempDataDir } from '../helpers/host.js';

const modeOf = (path: string): number => statSync(path).mode & 0o777;

async function startAndStop(dataDir: string): Promise<string> {
  const logFile = join(dataDir, 'paydesk.log');
  const core = await startCore({
    dataDir,
    shell: 'host',
    port: 0,
    clock: new ManualClock(Date.UTC(2026, 10, 23)),
    logger: createLogger({ file: logFile, stderr: false }),
  });
  await core.close();
  return readFileSync(logFile, 'utf8');
}

describe.skipIf(process.platform === 'win32')('file modes of the data directory', () => {
  it('creates the directory 0700 and the databases, their WAL files, the log and the keys 0600', async () => {
    const dataDir = join(tempDataDir('pd-modes-'), 'fresh');
    const log = await startAndStop(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    for (const name of [
      'gateway.db',
      'gateway.db-wal',
      'till.db',
      'till.db-wal',
      'paydesk.log',
      'merchant-key',
      'till-key.pem',
    ]) {
      let mode: number;
      try {
        mode = modeOf(join(dataDir, name));
      } catch {
        continue; // a WAL file may be gone after a clean close
      }
      expect({ name, mode: mode.toString(8) }).toEqual({ name, mode: '600' });
    }
    expect(modeOf(join(dataDir, 'gateway.db'))).toBe(0o600);
    expect(modeOf(join(dataDir, 'till.db'))).toBe(0o600);
    expect(log).not.toContain('can be read by other users');
  });

  it('warns about an existing directory and merchant key open to others, without changing them', async () => {
    const dataDir = join(tempDataDir('pd-modes-'), 'shared');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    await startAndStop(dataDir);
    chmodSync(join(dataDir, 'merchant-key'), 0o644);
    const log = await startAndStop(dataDir);
    expect(log).toContain(`The data directory ${dataDir} can be read by other users`);
    expect(log).toContain(`${join(dataDir, 'merchant-key')} can be read by other users`);
    expect(modeOf(dataDir)).toBe(0o755);
    expect(modeOf(join(dataDir, 'merchant-key'))).toBe(0o644);
  });
});
