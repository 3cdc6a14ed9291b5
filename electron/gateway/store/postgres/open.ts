/**
 * The gateway on a shop server's PostgreSQL (`--database`, PAYDESK_DATABASE_URL): the schema is
 * brought to this version (gatewayPgMigrations, under an advisory lock, so server processes
 * starting together migrate once), then the gateway gets a synchronous connection with the shape
 * of gateway.db's (platform/pg-sync): the same stores, the same endpoints, the same machine.
 */
import { isSharedDatabase, type Db } from '../../../platform/db.js';
import { PgSyncDatabase } from '../../../platform/pg-sync/database.js';
import { connectPg, describeTarget, redact } from './connect.js';
import { migratePg } from './migrate.js';
import { gatewayPgMigrations } from './migrations/index.js';

export { describeTarget };

export async function openGatewayPg(url: string): Promise<Db> {
  const client = await connectPg(url, { applicationName: 'paydesk migrate' });
  try {
    await migratePg(client, gatewayPgMigrations);
  } catch (error) {
    // eslint-disable-next-line preserve-caught-error -- the driver's error may carry the URL
    throw new Error(redact((error as Error).message || String(error), url));
  } finally {
    await client.end().catch(() => undefined);
  }
  const db = new PgSyncDatabase({ connectionString: url });
  // The stores are typed for better-sqlite3; PgSyncDatabase has that shape for everything they use
  // (test/api/pg-sync.test.ts, and the gateway's own tests run on both engines).
  return db as unknown as Db;
}

/** The advisory lock key of a gateway's start (seeding the catalogue, the mode, the first payees). */
const STARTUP_LOCK = 7_302_011;

/**
 * Runs `work` (a gateway's start: mode, catalogue and demo payees seeded when missing) while no
 * other server process is starting on the same database: the second one waits, then finds the
 * seeds there. On gateway.db (one process) it just runs.
 */
export function withStartupLock<T>(db: Db, work: () => T): T {
  if (!isSharedDatabase(db)) return work();
  db.prepare('SELECT pg_advisory_lock(?)').get(STARTUP_LOCK);
  try {
    return work();
  } finally {
    db.prepare('SELECT pg_advisory_unlock(?)').get(STARTUP_LOCK);
  }
}
