/**
 * Backups (README, "Backups"): a backup taken while payments are created and paid restores to a
 * consistent pair of databases holding every order and payment acknowledged before it began; a wrong
 * passphrase, a cut-short file and a flipped byte are refused with words that say which; a backup is
 * never restored over a directory in use, nor from a newer Paydesk; a restored till, started again,
 * reconciles an order the payer paid after the backup.
 */
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, RestoreRefused } from '../../electron/backup/restore.js';
import { BackupOpenError } from '../../electron/backup/sealed-file.js';
import { dispatchPosCommand } from '../../electron/bridge/dispatch.js';
import { startCore, type Core } from '../../electron/compose.js';
import { gatewayMigrations } from '../../electron/gateway/db.js';
import { latestVersion } from '../../electron/platform/db.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { tillMigrations } from '../../electron/till/db.js';
import { USDT } from '../helpers/gateway.js';
import { repoRoot, tempDataDir } from '../helpers/host.js';

const PASSPHRASE = 'correct horse battery staple';
const supported = { gateway: latestVersion(gatewayMigrations), till: latestVersion(tillMigrations) };
const cores: Core[] = [];
afterAll(async () => {
  for (const core of cores) await core.close();
});

async function start(dataDir: string): Promise<Core> {
  const core = await startCore({ dataDir, shell: 'host', port: 0, logger: silentLogger });
  cores.push(core);
  return core;
}

function caller(core: Core) {
  return async (command: string, args: unknown = {}): Promise<any> => {
    const outcome = await dispatchPosCommand(core.pos, command, args, silentLogger);
    if (!outcome.ok) throw Object.assign(new Error(`${command}: ${outcome.error.message}`), outcome.error);
    return outcome.result;
  };
}

function rows<T>(file: string, sql: string): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

let source: Core;
let sourceDir = '';
let folder = '';
let backupFile = '';
const acknowledged: { orderId: string; traceId: string }[] = [];

beforeAll(async () => {
  sourceDir = tempDataDir('pd-backup-src-');
  folder = tempDataDir('pd-backup-usb-');
  source = await start(sourceDir);
  const call = caller(source);
  await call('settings.save', { payeeNetworkId: '7000101', ownerPin: '2468' });
  const sale = async (amount: string) => {
    const order = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: amount,
      paymentAssetId: USDT,
      isChain: false,
    });
    acknowledged.push(order);
    if (acknowledged.length % 2 === 0) await call('sandbox.payInFull', { orderId: order.orderId });
    return order;
  };
  for (let i = 0; i < 40; i++) await sale(`${i + 1}.25`);
  // Setup made the owner account and signed it in (this in-process connection).
  await call('backup.configure', { folder, passphrase: PASSPHRASE, everyHours: 24, keep: 14 });
  // The load goes on while the backup runs; what was acknowledged before it began must be in it.
  const before = acknowledged.length;
  let loading = true;
  const load = (async () => {
    for (let i = 0; loading && i < 400; i++) await sale(`${i + 100}.5`);
  })();
  const status = await call('backup.run');
  loading = false;
  await load;
  expect(status.lastError).toBe('');
  backupFile = status.lastFile;
  expect(acknowledged.length).toBeGreaterThan(before); // the load really ran alongside
  acknowledged.splice(before); // only those are promised
}, 120_000);

describe('a backup taken under load', () => {
  it('is one sealed file in the folder that reveals nothing of its content', () => {
    expect(readdirSync(folder).filter((n) => n.endsWith('.pdbackup'))).toEqual([backupFile.split('/').pop()]);
    const bytes = readFileSync(backupFile);
    expect(bytes.subarray(0, 8).toString('ascii')).toBe('PDBACKUP');
    for (const needle of ['SQLite format', 'till.db', 'manifest', acknowledged[0]!.orderId])
      expect(bytes.includes(Buffer.from(needle)), needle).toBe(false);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
  });

  it('restores into an empty directory: integrity ok, every acknowledged order and payment there, the pair agrees', async () => {
    const target = join(tempDataDir('pd-backup-dst-'), 'data');
    const restored = await restoreBackup({
      from: backupFile,
      passphrase: PASSPHRASE,
      dataDir: target,
      supported,
      nowMs: 0,
    });
    for (const name of ['gateway.db', 'till.db']) {
      expect(rows<{ integrity_check: string }>(join(target, name), 'PRAGMA integrity_check')).toEqual([
        { integrity_check: 'ok' },
      ]);
    }
    const orders = new Set(
      rows<{ order_id: string }>(join(target, 'till.db'), 'SELECT order_id FROM orders').map((r) => r.order_id),
    );
    const traces = new Set(
      rows<{ trace_id: string }>(join(target, 'gateway.db'), 'SELECT trace_id FROM payments').map((r) => r.trace_id),
    );
    for (const order of acknowledged) {
      expect(orders.has(order.orderId), order.orderId).toBe(true);
      expect(traces.has(order.traceId), order.traceId).toBe(true);
    }
    // Every order the till knew the gateway had is in the restored gateway too.
    const taken = rows<{ trace_id: string }>(
      join(target, 'till.db'),
      "SELECT trace_id FROM orders WHERE status <> 'queued'",
    );
    for (const { trace_id } of taken) expect(traces.has(trace_id), trace_id).toBe(true);
    expect(restored.manifest.counts.orders).toBe(orders.size);
    expect(readFileSync(join(target, 'merchant-key'), 'utf8')).toBe(
      readFileSync(join(sourceDir, 'merchant-key'), 'utf8'),
    );
    expect(statSync(join(target, 'till.db')).mode & 0o777).toBe(0o600);
  });
});

describe('a backup that cannot be trusted is refused, and nothing is written', () => {
  const attempt = async (file: string, passphrase = PASSPHRASE) => {
    const target = join(tempDataDir('pd-backup-bad-'), 'data');
    const error = await restoreBackup({ from: file, passphrase, dataDir: target, supported, nowMs: 0 }).catch(
      (e: unknown) => e,
    );
    expect(existsSync(target)).toBe(false);
    return error;
  };

  it('a wrong passphrase', async () => {
    const error = await attempt(backupFile, 'not the passphrase');
    expect(error).toBeInstanceOf(BackupOpenError);
    expect(error).toMatchObject({ reason: 'wrong_passphrase', message: expect.stringMatching(/passphrase is wrong/) });
  });

  it('a file cut short', async () => {
    const cut = join(tempDataDir('pd-backup-cut-'), 'cut.pdbackup');
    writeFileSync(cut, readFileSync(backupFile));
    truncateSync(cut, Math.floor(statSync(cut).size / 2));
    expect(await attempt(cut)).toMatchObject({
      reason: 'damaged',
      message: expect.stringMatching(/changed or cut short/),
    });
  });

  it('one flipped byte in the middle, or in the header', async () => {
    for (const at of [(size: number) => Math.floor(size / 2), () => 20]) {
      const flipped = join(tempDataDir('pd-backup-flip-'), 'flip.pdbackup');
      const bytes = readFileSync(backupFile);
      bytes[at(bytes.length)]! ^= 0x01;
      writeFileSync(flipped, bytes);
      expect(await attempt(flipped)).toBeInstanceOf(BackupOpenError);
    }
  });

  it('a file that is not a backup', async () => {
    const other = join(tempDataDir('pd-backup-other-'), 'notes.txt');
    writeFileSync(other, 'hello, this is not a backup at all, just text long enough');
    expect(await attempt(other)).toMatchObject({ reason: 'not_a_backup' });
  });

  it('a backup made by a newer Paydesk', async () => {
    const error = await restoreBackup({
      from: backupFile,
      passphrase: PASSPHRASE,
      dataDir: join(tempDataDir('pd-backup-new-'), 'data'),
      supported: { gateway: supported.gateway, till: supported.till - 1 },
      nowMs: 0,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestoreRefused);
    expect((error as Error).message).toMatch(/newer version of Paydesk/);
  });

  it('a directory in use is not overwritten; with --move-aside it is kept beside', async () => {
    const target = tempDataDir('pd-backup-used-');
    writeFileSync(join(target, 'till.db'), 'the shop in use');
    await expect(
      restoreBackup({ from: backupFile, passphrase: PASSPHRASE, dataDir: target, supported, nowMs: 0 }),
    ).rejects.toThrow(/not empty/);
    expect(readFileSync(join(target, 'till.db'), 'utf8')).toBe('the shop in use');
    const restored = await restoreBackup({
      from: backupFile,
      passphrase: PASSPHRASE,
      dataDir: target,
      supported,
      moveAside: true,
      nowMs: Date.UTC(2026, 10, 24),
    });
    expect(readFileSync(join(restored.movedAside, 'till.db'), 'utf8')).toBe('the shop in use');
    expect(readFileSync(join(target, 'till.db')).subarray(0, 15).toString()).toBe('SQLite format 3');
  });
});

describe('backup.health (the status bar warning)', () => {
  it('is quiet on a new till, warns once a till without backups holds two days of sales, and after setup follows the backups', async () => {
    const dir = tempDataDir('pd-backup-health-');
    const core = await start(dir);
    const call = caller(core);
    await call('settings.save', { payeeNetworkId: '7000101', ownerPin: '2468' });
    await call('order.create', { quoteAssetId: 'usd', quoteAmount: '3', paymentAssetId: USDT, isChain: false });
    expect(await call('backup.health')).toEqual({
      configured: false,
      overdue: false,
      lastSuccessAt: 0,
      failing: false,
    });
    const db = new Database(join(dir, 'till.db'));
    db.prepare('UPDATE orders SET created_at = created_at - ?').run(3 * 24 * 3600_000);
    db.close();
    expect(await call('backup.health')).toMatchObject({ configured: false, overdue: true });
    await call('backup.configure', {
      folder: tempDataDir('pd-backup-h-usb-'),
      passphrase: PASSPHRASE,
      everyHours: 24,
      keep: 2,
    });
    await call('backup.run');
    expect(await call('backup.health')).toMatchObject({ configured: true, overdue: false, failing: false });
    await expect(call('backup.configure', { folder: 'relative/path', everyHours: 24, keep: 2 })).rejects.toMatchObject({
      code: 'invalid_args',
      field: 'folder',
    });
    // Backups are the owner's: signed out, or as a manager, they are refused; the health stays open.
    await call('staff.add', { name: 'Max Manager', role: 'manager', pin: '2222' });
    await call('staff.lock');
    await expect(call('backup.run')).rejects.toMatchObject({ code: 'signed_out' });
    expect(await call('backup.health')).toMatchObject({ configured: true });
    const manager = (await call('staff.roster')).find((a: any) => a.name === 'Max Manager');
    await call('staff.signIn', { accountId: manager.accountId, pin: '2222' });
    await expect(call('backup.status')).rejects.toMatchObject({ code: 'forbidden' });
    await expect(call('backup.configure', { folder: dir, everyHours: 1, keep: 1 })).rejects.toMatchObject({
      code: 'forbidden',
    });
  });
});

describe('npm run restore', () => {
  it('restores with the passphrase from the environment, and refuses a wrong one with exit 1', () => {
    const run = (data: string, passphrase: string) => {
      try {
        const out = execFileSync(
          process.execPath,
          [join(repoRoot, 'dist/electron/restore.js'), '--from', backupFile, '--data', data],
          {
            env: { ...process.env, PAYDESK_BACKUP_PASSPHRASE: passphrase },
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        return { code: 0, out };
      } catch (error) {
        const e = error as { status: number; stderr: string };
        return { code: e.status, out: e.stderr };
      }
    };
    const wrong = run(join(tempDataDir('pd-backup-cli-'), 'data'), 'nope nope nope');
    expect(wrong).toMatchObject({ code: 1, out: expect.stringMatching(/restore refused: The passphrase is wrong/) });
    const ok = run(join(tempDataDir('pd-backup-cli-'), 'data'), PASSPHRASE);
    expect(ok).toMatchObject({ code: 0, out: expect.stringMatching(/^restored \d+ orders and \d+ payments/) });
  });
});

describe('after a restore, the till catches up', () => {
  it('an order open in the backup and paid meanwhile shows as paid once the restored till starts', async () => {
    // A till on a hosted gateway (another core): the gateway keeps going while the till's disk dies.
    const gateway = await start(tempDataDir('pd-backup-gw-'));
    const tillDir = tempDataDir('pd-backup-till-');
    const till = await start(tillDir);
    const call = caller(till);
    await call('settings.save', {
      payeeNetworkId: '7000101',
      ownerPin: '2468',
      gateway: { kind: 'hosted', baseUrl: gateway.url },
    });
    const order = await call('order.create', {
      quoteAssetId: 'usd',
      quoteAmount: '8',
      paymentAssetId: USDT,
      isChain: false,
    });
    expect(order.status).toBe('unpaid');
    const usb = tempDataDir('pd-backup-usb2-');
    await call('backup.configure', { folder: usb, passphrase: PASSPHRASE, everyHours: 24, keep: 14 });
    const { lastFile } = await call('backup.run');
    // The payer pays after the backup, straight to the gateway's sandbox network (as a wallet would).
    const paid = await fetch(`${gateway.url}/v1/sandbox/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        recipient: order.instruction.recipient,
        asset: USDT,
        amount: order.instruction.paymentAmount,
        trace: crypto.randomUUID(),
        memo: order.instruction.memo,
      }),
    });
    expect(paid.status).toBe(200);
    await till.close();

    const restoredDir = join(tempDataDir('pd-backup-new-till-'), 'data');
    await restoreBackup({ from: lastFile, passphrase: PASSPHRASE, dataDir: restoredDir, supported, nowMs: 0 });
    const [restoredRow] = rows<{ status: string }>(
      join(restoredDir, 'till.db'),
      `SELECT status FROM orders WHERE order_id = '${order.orderId}'`,
    );
    expect(restoredRow?.status).toBe('unpaid'); // as it was in the backup
    const restarted = await start(restoredDir);
    const again = caller(restarted);
    await again('staff.signIn', { accountId: 'owner', pin: '2468' }); // the restored till has its staff
    await expect
      .poll(async () => (await again('order.list')).find((o: any) => o.orderId === order.orderId)?.status, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe('success');
  }, 60_000);
});
