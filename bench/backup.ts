/**
 * bench/backup: backing up and restoring a data directory with 100,000 orders and 100,000 payments,
 * and the pause a backup causes to creates running meanwhile (create p99 at a steady 200 req/s, before
 * and during). The app runs in its own process (the headless host), as a till does. Prints figures; never
 * passes or fails.
 */
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { restoreBackup } from '../electron/backup/restore.js';
import { gatewayMigrations } from '../electron/gateway/db.js';
import { latestVersion } from '../electron/platform/db.js';
import { randomIds } from '../electron/platform/ids.js';
import { openTillDb, tillMigrations } from '../electron/till/db.js';

const root = join(import.meta.dirname, '..');
const SHOP = 'a1b2c3d4-0001-4000-8000-000000000001';
const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
const COUNT = Number(process.env.BENCH_BACKUP_COUNT ?? 100_000);
const PASSPHRASE = 'bench passphrase 1234';

function seedOrders(dataDir: string): void {
  const db = openTillDb(join(dataDir, 'till.db'));
  const insert = db.prepare(
    `INSERT INTO orders (order_id, trace_id, payee_id, quote_asset_id, quote_symbol, quote_amount, payment_asset_id, is_chain, settlement_asset_id, note, callback_url, status, result, created_at, updated_at, ended_at)
     VALUES (?, ?, 'p', 'usd', 'USD', ?, ?, 0, '', '', '', 'success', ?, ?, ?, ?)`,
  );
  const end = Date.now() - 86_400_000;
  db.transaction(() => {
    for (let i = 0; i < COUNT; i++) {
      const at = end - i * 60_000;
      const amount = `${(i % 97) + 1}.${String(i % 100).padStart(2, '0')}`;
      const result = JSON.stringify({ status: 'success', paymentAmount: amount, payableAmount: amount });
      insert.run(`pd-bench-${i}`, randomIds.uuid(), amount, USDT, result, at, at, at);
    }
  })();
  db.close();
}

async function startHost(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['dist/electron/host.js', '--data', dataDir, '--port', '0'], {
    cwd: root,
    env: { ...process.env, PAYDESK_QUIET: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  return { url: line.replace(/^ready /, ''), child };
}

async function seedPayments(url: string): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < COUNT) {
      const i = next++;
      const response = await fetch(`${url}/v1/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          payeeId: SHOP,
          orderId: `bench-seed-${i}`,
          quoteAssetId: 'usd',
          quoteAmount: '5',
          paymentAssetId: USDT,
          settlementAssetId: USDT,
        }),
      });
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}

/** create p99 (ms) at 200 req/s for `seconds`, each a new order. */
function createsAt200(url: string, seconds: number, tag: string): Promise<number> {
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}/v1/payments`,
        duration: seconds,
        connections: 8,
        overallRate: 200,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({
                payeeId: SHOP,
                orderId: `bench-${tag}-${++n}`,
                quoteAssetId: 'usd',
                quoteAmount: '5',
                paymentAssetId: USDT,
                settlementAssetId: USDT,
              }),
            }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result.latency.p99)),
    );
  });
}

async function pos(url: string, token: string, command: string, args: unknown): Promise<any> {
  const response = await fetch(`${url}/pos/call/${command}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(args),
  });
  const outcome = (await response.json()) as any;
  if (!outcome.ok) throw new Error(`${command}: ${outcome.error.message}`);
  return outcome.result;
}

export async function runBackupBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-backup-'));
  const folder = mkdtempSync(join(tmpdir(), 'paydesk-bench-usb-'));
  const restoreDir = join(mkdtempSync(join(tmpdir(), 'paydesk-bench-restore-')), 'data');
  let host: { url: string; child: ChildProcess } | undefined;
  try {
    const seedStarted = performance.now();
    seedOrders(dataDir);
    host = await startHost(dataDir);
    await seedPayments(host.url);
    const seeded = (performance.now() - seedStarted) / 1000;
    const html = await (await fetch(host.url)).text();
    const bridge = /name="paydesk-token" content="([^"]+)"/.exec(html)![1]!;
    await pos(host.url, bridge, 'settings.save', { payeeNetworkId: '7000101', ownerPin: '2468' });
    // Setting the owner PIN at first run signs this page in as the owner.
    await pos(host.url, bridge, 'backup.configure', {
      folder,
      passphrase: PASSPHRASE,
      everyHours: 168,
      keep: 3,
    });

    const before = await createsAt200(host.url, 5, 'before');
    let backupSeconds = NaN;
    const timedBackup = async () => {
      await new Promise((resolve) => setTimeout(resolve, 500)); // creates are flowing first
      const started = performance.now();
      const result = await pos(host!.url, bridge, 'backup.run', {});
      if (result.lastSuccessAt) backupSeconds = (performance.now() - started) / 1000;
      return result;
    };
    const [during, status] = await Promise.all([createsAt200(host.url, 5, 'during'), timedBackup()]);
    const sizes = ['till.db', 'gateway.db'].map((name) => statSync(join(dataDir, name)).size);

    const restoreStarted = performance.now();
    const restored = await restoreBackup({
      from: status.lastFile,
      passphrase: PASSPHRASE,
      dataDir: restoreDir,
      supported: { gateway: latestVersion(gatewayMigrations), till: latestVersion(tillMigrations) },
      nowMs: Date.now(),
    });
    const restoreSeconds = (performance.now() - restoreStarted) / 1000;
    const exportStarted = performance.now();
    const book = await pos(host.url, bridge, 'backup.exportBook', {});
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    const check = new Database(join(restoreDir, 'gateway.db'), { readonly: true });
    const payments = (check.prepare('SELECT count(*) AS n FROM payments').get() as { n: number }).n;
    check.close();

    console.log('');
    console.log(
      `bench/backup: ${restored.manifest.counts.orders.toLocaleString('en-US')} orders, ${payments.toLocaleString('en-US')} payments (seeded in ${seeded.toFixed(1)} s); till.db ${(sizes[0]! / 1e6).toFixed(1)} MB, gateway.db ${(sizes[1]! / 1e6).toFixed(1)} MB`,
    );
    console.log(
      `  backup: ${backupSeconds.toFixed(2)} s to a ${(status.lastBytes / 1e6).toFixed(1)} MB sealed file (while creates ran at 200 req/s)`,
    );
    console.log(`  restore (unseal, checksums, integrity check, move into place): ${restoreSeconds.toFixed(2)} s`);
    console.log(
      `  whole-book export (orders, transactions, events, audit log as a zip of CSV): ${exportSeconds.toFixed(2)} s, ${(book.bytes / 1e6).toFixed(1)} MB`,
    );
    console.log(
      `  create p99 at 200 req/s: ${before} ms before, ${during} ms during the backup (ratio ${(during / Math.max(before, 1)).toFixed(1)})`,
    );
  } finally {
    if (host) {
      const exited = new Promise((resolve) => host!.child.once('exit', resolve));
      host.child.kill('SIGTERM');
      await exited;
    }
    for (const dir of [dataDir, folder, join(restoreDir, '..')]) rmSync(dir, { recursive: true, force: true });
  }
}
