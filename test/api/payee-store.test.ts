/**
 * One suite, both engines: the payee store (electron/gateway/store/payee-store.ts) on SQLite and on
 * a real PostgreSQL answers alike, and registers exactly one payee per network id even when
 * several connections (server processes, on PostgreSQL) register it at once.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGatewayDb } from '../../electron/gateway/db.js';
import { SqlitePayeeStore } from '../../electron/gateway/payees.js';
import type { PayeeStore } from '../../electron/gateway/store/payee-store.js';
import { connectPg } from '../../electron/gateway/store/postgres/connect.js';
import { migratePg } from '../../electron/gateway/store/postgres/migrate.js';
import { gatewayPgMigrations } from '../../electron/gateway/store/postgres/migrations/index.js';
import { PgPayeeStore } from '../../electron/gateway/store/postgres/payees.js';
import { postgresAvailable, startPostgres, type PgCluster } from '../helpers/postgres.js';

interface Engine {
  /** A fresh empty schema; `connections` stores over it (separate connections where the engine has them). */
  fresh(connections: number): Promise<{ stores: PayeeStore[]; count(): Promise<number>; close(): Promise<void> }>;
}

const sqlite: Engine = {
  async fresh(connections) {
    const db = openGatewayDb(':memory:');
    const stores = Array.from({ length: connections }, () => new SqlitePayeeStore(db));
    return {
      stores,
      count: async () => db.prepare('SELECT count(*) FROM payees').pluck().get() as number,
      close: async () => void db.close(),
    };
  },
};

let cluster: PgCluster | undefined;
const postgres: Engine = {
  async fresh(connections) {
    const url = await cluster!.freshDatabase();
    const clients: pg.Client[] = await Promise.all(Array.from({ length: connections }, () => connectPg(url)));
    await migratePg(clients[0]!, gatewayPgMigrations);
    return {
      stores: clients.map((c) => new PgPayeeStore(c)),
      count: async () => Number((await clients[0]!.query('SELECT count(*) AS n FROM payees')).rows[0].n),
      close: async () => void (await Promise.all(clients.map((c) => c.end()))),
    };
  },
};

const engines: [string, Engine][] = [['SQLite', sqlite]];
if (postgresAvailable()) engines.push(['PostgreSQL', postgres]);

beforeAll(async () => {
  if (engines.length > 1) cluster = await startPostgres();
});
afterAll(() => cluster?.stop());

describe.each(engines)('payee store on %s', (_name, engine) => {
  it('registers a payee and finds it by id and by network id', async () => {
    const { stores, close } = await engine.fresh(1);
    const store = stores[0]!;
    const payee = { payeeId: randomUUID(), networkId: '7000123', fullName: 'Café Ünïcode ☕' };
    expect(await store.register(payee, 1_795_000_000_000)).toEqual(payee);
    expect(await store.byId(payee.payeeId)).toEqual(payee);
    expect(await store.byNetworkId('7000123')).toEqual(payee);
    expect(await store.byNetworkId('7000124')).toBeUndefined();
    expect(await store.byId(randomUUID())).toBeUndefined();
    await close();
  });

  it('answers the existing payee when its network id is registered again', async () => {
    const { stores, count, close } = await engine.fresh(1);
    const first = await stores[0]!.register({ payeeId: randomUUID(), networkId: '42', fullName: 'First' }, 1);
    const again = await stores[0]!.register({ payeeId: randomUUID(), networkId: '42', fullName: 'Second' }, 2);
    expect(again).toEqual(first);
    expect(await count()).toBe(1);
    await close();
  });

  it('registers exactly one payee when four connections register one network id at once', async () => {
    const { stores, count, close } = await engine.fresh(4);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        stores[i % 4]!.register({ payeeId: randomUUID(), networkId: '99', fullName: `Racer ${i}` }, i),
      ),
    );
    expect(new Set(answers.map((a) => a.payeeId)).size).toBe(1);
    expect(await count()).toBe(1);
    await close();
  });
});
