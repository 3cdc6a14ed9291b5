/**
 * startStandby (test/helpers/postgres.ts), used by `npm run bench -- beyond`: a streaming standby
 * follows its primary (a row committed there becomes visible), refuses writes, and once promoted
 * takes writes and keeps what it had received. No timing is asserted: visibility is polled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { postgresAvailable, startPostgres, startStandby, type PgCluster, type PgStandby } from '../helpers/postgres.js';

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the standby never showed the row');
}

const count = async (client: pg.Client): Promise<number> =>
  (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM sales')).rows[0]!.n;

describe.runIf(postgresAvailable())('a streaming standby of the test cluster', () => {
  let primary: PgCluster;
  let standby: PgStandby;
  beforeAll(async () => {
    primary = await startPostgres();
  });
  afterAll(async () => {
    await standby?.stop();
    await primary?.stop();
  });

  it('follows the primary, refuses writes, and is promoted with what it received', async () => {
    const databaseUrl = await primary.freshDatabase();
    const database = new URL(databaseUrl).pathname.slice(1);
    const writer = await primary.connect(databaseUrl);
    await writer.query('CREATE TABLE sales (id int PRIMARY KEY, amount text NOT NULL)');
    await writer.query("INSERT INTO sales VALUES (1, '12.50')");
    standby = await startStandby(primary);
    expect(standby.port).not.toBe(primary.port);

    const reader = await standby.connect(standby.url(database));
    expect((await reader.query('SELECT pg_is_in_recovery() AS r')).rows[0].r).toBe(true);
    expect(await count(reader)).toBe(1); // in the base backup
    await writer.query("INSERT INTO sales SELECT g, '1.00' FROM generate_series(2, 100) AS g");
    await until(async () => (await count(reader)) === 100); // streamed after the backup
    await expect(reader.query("INSERT INTO sales VALUES (101, '2.00')")).rejects.toThrow(/read-only transaction/);
    const senders = await writer.query('SELECT count(*)::int AS n FROM pg_stat_replication');
    expect(senders.rows[0].n).toBe(1);
    await writer.end();

    const ms = await standby.promote();
    expect(ms).toBeGreaterThan(0);
    expect((await reader.query('SELECT pg_is_in_recovery() AS r')).rows[0].r).toBe(false);
    await reader.query("INSERT INTO sales VALUES (101, '2.00')");
    expect(await count(reader)).toBe(101);
    await reader.end();
  });
});
