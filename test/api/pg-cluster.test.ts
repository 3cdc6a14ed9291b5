/**
 * The throw-away PostgreSQL of test/helpers/postgres.ts: a database per test that starts empty,
 * and TCP connections that must give the password (so migrate-db's password tests are real).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_PASSWORD, postgresAvailable, startPostgres, type PgCluster } from '../helpers/postgres.js';

describe.runIf(postgresAvailable())('test PostgreSQL cluster', () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(() => cluster?.stop());

  it('gives each test its own empty database', async () => {
    const first = await cluster.connect(await cluster.freshDatabase());
    await first.query('CREATE TABLE t (x int)');
    const second = await cluster.connect(await cluster.freshDatabase());
    const tables = await second.query(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 't'",
    );
    expect(tables.rows[0].n).toBe(0);
    const version = await second.query('SHOW server_version_num');
    expect(Number(version.rows[0].server_version_num)).toBeGreaterThanOrEqual(120000);
    await Promise.all([first.end(), second.end()]);
  });

  it('refuses a wrong password over TCP', async () => {
    const wrong = cluster.url().replace(encodeURIComponent(PG_PASSWORD), 'not-the-password');
    await expect(cluster.connect(wrong)).rejects.toThrow(/password authentication failed/);
  });
});
