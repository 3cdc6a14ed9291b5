/**
 * Which engine the gateway's tests run on: SQLite (gateway.db, the default) or, in the `postgres`
 * test project (vitest.config.ts sets PAYDESK_TEST_ENGINE=postgres), a real PostgreSQL: one
 * throw-away cluster per test file, started on first use and stopped when the file's process ends,
 * and a fresh database for each gateway a test starts. The same test files then prove the same
 * behaviour on both engines (issue 20: conformance, state machine, callbacks, restarts).
 */
import { postgresAvailable, startPostgres, type PgCluster } from './postgres.js';

export type TestEngine = 'sqlite' | 'postgres';

export function testEngine(): TestEngine {
  return process.env.PAYDESK_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

let cluster: Promise<PgCluster> | undefined;

function sharedCluster(): Promise<PgCluster> {
  cluster ??= startPostgres().then((started) => {
    // Stopped with the test file's process, whichever way it ends (vitest closes forks itself).
    // pg_ctl stop runs synchronously inside stop(), so it completes even in an 'exit' handler.
    const stop = () => void started.stop().catch(() => undefined);
    process.once('exit', stop);
    return started;
  });
  return cluster;
}

const byDataDir = new Map<string, string>();

/**
 * The PostgreSQL database of the gateway whose data directory is `dataDir` (a fresh one the first
 * time, the same one when a test starts that data directory again), or undefined on SQLite.
 */
export async function gatewayDatabaseUrl(dataDir: string): Promise<string | undefined> {
  if (testEngine() !== 'postgres') return undefined;
  if (!postgresAvailable()) throw new Error('PAYDESK_TEST_ENGINE=postgres but no PostgreSQL was found');
  const known = byDataDir.get(dataDir);
  if (known) return known;
  const url = await (await sharedCluster()).freshDatabase();
  byDataDir.set(dataDir, url);
  return url;
}
