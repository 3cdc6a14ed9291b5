/**
 * The gateway's stores on PostgreSQL through a synchronous connection (electron/platform/pg-sync/):
 * a real throw-away PostgreSQL cluster, the gateway's PostgreSQL schema, and the very PaymentsStore
 * the embedded gateway runs on SQLite, unchanged: a payment, its instruction and its events written
 * and read back; transactions commit, roll back, and nest as savepoints; PostgreSQL's refusals come
 * back with their SQLSTATE (a unique key 23505, a serialization failure 40001 that the caller runs
 * again). Skips with one line where PostgreSQL is absent, unless E2E=required.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePg } from '../../electron/gateway/store/postgres/migrate.js';
import { gatewayPgMigrations } from '../../electron/gateway/store/postgres/migrations/index.js';
import { PaymentsStore, type InstructionRow, type NewPayment } from '../../electron/gateway/payments/store.js';
import type { Db } from '../../electron/platform/db.js';
import { PgSyncDatabase } from '../../electron/platform/pg-sync/database.js';
import { PgError } from '../../electron/platform/pg-sync/sync-pg.js';
import { postgresAvailable, startPostgres, type PgCluster } from '../helpers/postgres.js';

const available = postgresAvailable();
let cluster: PgCluster;
const open: PgSyncDatabase[] = [];

beforeAll(async () => {
  if (available) cluster = await startPostgres();
}, 60_000);
afterAll(async () => {
  open.splice(0).forEach((db) => db.close());
  await cluster?.stop();
});

/** A fresh database with the gateway's schema, and a synchronous connection to it. */
async function gatewayDatabase(): Promise<{ url: string; db: PgSyncDatabase }> {
  const url = await cluster.freshDatabase();
  const client = await cluster.connect(url);
  await migratePg(client, gatewayPgMigrations);
  await client.end();
  return { url, db: connect(url) };
}

function connect(url: string): PgSyncDatabase {
  const u = new URL(url);
  const db = new PgSyncDatabase({
    host: u.hostname,
    port: Number(u.port),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: u.pathname.slice(1),
  });
  open.push(db);
  return db;
}

const TRACE = '01a2103b-6099-735e-b528-875b2ccf3eee';
const payment: NewPayment = {
  trace_id: TRACE,
  payee_id: 'payee-1',
  order_id: 'order-1',
  quote_asset_id: 'usd',
  quote_amount: '12.5',
  fixed_payment_amount: '',
  settlement_asset_id: '',
  strict_mode: 0,
  payment_asset_id: 'usdt',
  is_chain: 1,
  remark: 'a remark with ? and @name in it',
  note: '',
  settlement_memo: '',
  return_to: '',
  failed_return_to: '',
  callback_url: '',
  callback_events: '',
  expired_at: 1_795_000_000,
  is_one_time: 0,
  code_expires_at: 0,
  review_required: 0,
  quote_usd_value: '12.5',
  current_client_id: 'client-1',
  created_at: 1_795_000_000_123,
  updated_at: 1_795_000_000_123,
  status: 'unpaid',
  payable_amount: '12.5',
};
const instruction: InstructionRow = {
  client_id: 'client-1',
  trace_id: TRACE,
  payment_asset_id: 'usdt',
  payment_amount: '12.5',
  settlement_asset_id: 'usdt',
  estimated_settlement_amount: '12.5',
  price: '1',
  price_source: 'USDT bundled',
  price_at: 1_795_000_000_000,
  is_chain: 1,
  recipient: '',
  memo: '',
  destination: '0x52908400098527886e0f7030069857d2e4169ee7',
  tag: '',
  expire: 1_795_000_900,
  seconds: 900,
  created_at: 1_795_000_000_123,
};

describe.skipIf(!available)('the gateway stores on PostgreSQL, synchronously', () => {
  it('runs the embedded gateway PaymentsStore unchanged: a payment, its instruction, events, updates, due work', async () => {
    const { db } = await gatewayDatabase();
    db.prepare(
      "INSERT INTO payees (payee_id, network_id, full_name, created_at) VALUES ('payee-1', '7000101', 'Shop', 0)",
    ).run();
    // The store is typed for better-sqlite3; this database has the same shape for what the stores use.
    const store = new PaymentsStore(db as unknown as Db);
    db.transaction(() => {
      store.insert(payment);
      store.addInstruction(instruction);
      store.addDeposit('Ethereum', instruction.destination, '', TRACE, 5);
      store.event(TRACE, 5, 'created', '', 'unpaid', { orderId: 'order-1' });
    })();
    expect(store.get(TRACE)).toMatchObject({ ...payment, surplus_amount: '0', failure_code: '0', deadline_passed: 0 });
    expect(store.getByOrder('payee-1', 'order-1')?.trace_id).toBe(TRACE);
    expect(store.current(TRACE)).toEqual(instruction);
    expect(store.depositOwner(instruction.destination, '')).toEqual({ trace_id: TRACE, network: 'Ethereum' });
    expect(store.depositsOnNetwork('Ethereum')).toEqual(new Map([[instruction.destination, TRACE]]));
    store.update(TRACE, { status: 'confirming', updated_at: 6 });
    expect(store.get(TRACE)).toMatchObject({ status: 'confirming', updated_at: 6 });
    expect(store.events(TRACE).map((e) => e.kind)).toEqual(['created']);
    expect(store.dueWork(1_795_000_000_000, 0)).toMatchObject({ deadlines: [TRACE] });
    expect(store.dueWork(1_794_999_999_000, 0)).toMatchObject({ deadlines: [] });
  });

  it('commits, rolls back, nests as savepoints; a duplicate key comes back as 23505 and changes nothing', async () => {
    const { db } = await gatewayDatabase();
    const put = db.prepare('INSERT INTO meta (key, value) VALUES (@key, @value)');
    const all = db.prepare('SELECT key FROM meta ORDER BY key').pluck();
    const before = all.all();
    db.transaction(() => {
      put.run({ key: 'a', value: '1' });
      expect(() =>
        db.transaction(() => {
          put.run({ key: 'b', value: '2' });
          throw new Error('inner fails');
        })(),
      ).toThrow('inner fails');
      put.run({ key: 'c', value: '3' });
    })();
    expect(all.all()).toEqual([...before, 'a', 'c'].sort());
    expect(() =>
      db.transaction(() => {
        put.run({ key: 'd', value: '4' });
        put.run({ key: 'a', value: 'again' });
      })(),
    ).toThrow(expect.objectContaining({ code: '23505' }));
    expect(all.all()).toEqual([...before, 'a', 'c'].sort());
    expect(db.inTransaction).toBe(false);
    expect(db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get('zzz')).toBeUndefined();
    expect(db.prepare('SELECT count(*) AS n FROM meta').get()).toEqual({ n: before.length + 2 });
  });

  it('refuses the later of two conflicting transactions with 40001, as two server processes would meet', async () => {
    const { url, db } = await gatewayDatabase();
    const other = connect(url);
    db.prepare("INSERT INTO meta (key, value) VALUES ('counter', '1')").run();
    const read = db.prepare("SELECT value FROM meta WHERE key = 'counter'").pluck();
    const write = (conn: PgSyncDatabase, value: string) =>
      conn.prepare("UPDATE meta SET value = ? WHERE key = 'counter'").run(value);
    let caught: unknown;
    try {
      db.transaction(() => {
        const seen = read.get() as string;
        // Another process changes the row after this transaction read it, and commits first.
        other.transaction(() => write(other, '10'))();
        write(db, String(Number(seen) + 1));
      })();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PgError);
    expect((caught as PgError).code).toBe('40001');
    expect(read.get()).toBe('10');
  });

  it('never shows the password in an error, and fails fast on a wrong one', async () => {
    const url = new URL(await cluster.freshDatabase());
    const secret = 'not-the-password-Xy9';
    const db = new PgSyncDatabase({
      host: url.hostname,
      port: Number(url.port),
      user: decodeURIComponent(url.username),
      password: secret,
      database: url.pathname.slice(1),
    });
    open.push(db);
    let message = '';
    try {
      db.prepare('SELECT 1').get();
    } catch (error) {
      message = String((error as Error).message);
    }
    expect(message).toMatch(/password authentication failed/);
    expect(message).not.toContain(secret);
  });
});
