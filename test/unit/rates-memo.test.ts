/**
 * The gateway's price memo (electron/gateway/rates.ts) on a real gateway.db: a price another connection
 * commits (a rate feeder process, a restore) is quoted from the next run of JS on, although the memo asks
 * SQLite's data_version only once per run; a price this connection writes is seen at once.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openGatewayDb } from '../../electron/gateway/db.js';
import { DbRates, seedBundledRates } from '../../electron/gateway/rates.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const nextRun = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('DbRates memo', () => {
  it('quotes a price another connection committed from the next run on, and its own writes at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pd-rates-'));
    dirs.push(dir);
    const file = join(dir, 'gateway.db');
    const db = openGatewayDb(file);
    seedBundledRates(db, [{ key: 'btc', usdPrice: '60000' }], 1);
    const rates = new DbRates(db, () => 1000);
    expect(rates.usdPrice('BTC')?.usdPrice).toBe('60000');

    const feeder = new Database(file);
    feeder.prepare("UPDATE rates SET usd_price = '61000' WHERE rate_key = 'btc'").run();
    feeder.close();
    await nextRun();
    expect(rates.usdPrice('btc')?.usdPrice).toBe('61000');
    await nextRun();
    rates.set('btc', '62000', 'merchant', 2000);
    expect(rates.usdPrice('btc')?.usdPrice).toBe('62000');
    db.close();
  });
});
