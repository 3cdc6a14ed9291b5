/** Starts the app core in-process on a free loopback port with a temp data dir, for API tests. */
import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCore, type Core } from '../../electron/compose.js';
import { ManualClock, type Clock } from '../../electron/platform/clock.js';
import { silentLogger } from '../../electron/platform/logger.js';
import { PgSyncDatabase } from '../../electron/platform/pg-sync/database.js';
import { gatewayDatabaseUrl } from './engine.js';
import { tempDataDir } from './host.js';

export const SHOP = 'a1b2c3d4-0001-4000-8000-000000000001';
export const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
export const BTC = 'c6d0c728-2624-429b-8e0d-d9d19b6592fa';
export const ETH = '43d61dcd-e413-450d-80b8-101d5e903357';
export const XIN = 'c94ac88f-4671-3976-b60a-09064f1811e8';
export const BTC_LN = '7d0a5d9e-3c2b-4e1f-9a8b-6c5d4e3f2a10';

export interface TestGateway {
  core: Core;
  url: string;
  dataDir: string;
  merchantKey: string;
  clock: ManualClock | Clock;
  /** The gateway's database (gateway.db, or its PostgreSQL database in the `postgres` test project). */
  databaseUrl?: string;
  /** Counts a table's rows, on whichever engine the gateway runs. */
  count(table: string): number;
  /** Runs one statement (SQLite's SQL, `?` parameters) on the gateway's database, for tests that set a state up. */
  sql(statement: string, ...params: unknown[]): void;
  /** Reads rows (SQLite's SQL, `?` parameters) from the gateway's database, on whichever engine it runs. */
  rows(statement: string, ...params: unknown[]): unknown[];
  get(path: string, query?: Record<string, string>): Promise<ApiAnswer>;
  post(
    path: string,
    body?: unknown,
    options?: { form?: boolean; headers?: Record<string, string> },
  ): Promise<ApiAnswer>;
  close(): Promise<void>;
}

export interface ApiAnswer {
  status: number;
  body: { code: number; success: boolean; message: string; data: any; timestampMs: number };
}

export async function startGateway(
  options: { clock?: Clock; mode?: 'sandbox' | 'live'; dataDir?: string; railPollMs?: number } = {},
): Promise<TestGateway> {
  const dataDir = options.dataDir ?? tempDataDir('pd-gw-');
  const clock = options.clock ?? new ManualClock(Date.UTC(2026, 10, 23, 12, 0, 0));
  const databaseUrl = await gatewayDatabaseUrl(dataDir);
  const core = await startCore({
    dataDir,
    databaseUrl,
    shell: 'host',
    port: 0,
    logger: silentLogger,
    clock,
    mode: options.mode,
    railPollMs: options.railPollMs,
  });
  const merchantKey = readFileSync(join(dataDir, 'merchant-key'), 'utf8').trim();
  // On PostgreSQL nothing of the gateway may land in gateway.db: the tests would prove nothing.
  if (databaseUrl && existsSync(join(dataDir, 'gateway.db')))
    throw new Error('the gateway wrote gateway.db while its state is in PostgreSQL');
  // A second connection, as another process would have: a read-write one only where `sql` needs it.
  const reader = databaseUrl
    ? new PgSyncDatabase({ connectionString: databaseUrl })
    : new Database(join(dataDir, 'gateway.db'));
  const call = async (method: string, path: string, init: RequestInit = {}): Promise<ApiAnswer> => {
    const response = await fetch(`${core.url}${path}`, { method, ...init });
    return { status: response.status, body: (await response.json()) as ApiAnswer['body'] };
  };
  return {
    core,
    url: core.url,
    dataDir,
    merchantKey,
    clock,
    databaseUrl,
    count: (table) => (reader.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
    sql: (statement, ...params) => void reader.prepare(statement).run(...params),
    rows: (statement, ...params) => reader.prepare(statement).all(...params),
    get: (path, query) => call('GET', query ? `${path}?${new URLSearchParams(query)}` : path),
    post: (path, body, opts = {}) => {
      if (opts.form) {
        return call('POST', path, {
          body: new URLSearchParams(body as Record<string, string>).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...opts.headers },
        });
      }
      return call('POST', path, {
        body: JSON.stringify(body ?? {}),
        headers: { 'content-type': 'application/json', ...opts.headers },
      });
    },
    async close() {
      reader.close();
      await core.close();
    },
  };
}

/**
 * Live mode quotes only from live or merchant-set prices (README "Price sources"): tests that are
 * not about prices set fixed ones with the merchant key, as a shop would for a pegged stablecoin.
 */
export async function setFixedPrices(gw: TestGateway, prices: Record<string, string>): Promise<void> {
  for (const [key, usdPrice] of Object.entries(prices)) {
    const answer = await gw.post(
      '/v1/rates',
      { key, usdPrice },
      { headers: { authorization: `Bearer ${gw.merchantKey}` } },
    );
    if (!answer.body.success) throw new Error(`setting the price of ${key}: ${answer.body.message}`);
  }
}
