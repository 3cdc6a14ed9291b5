/**
 * The gateway's schema on PostgreSQL: an ordered list of migrations (./migrations/, the twins of
 * gateway/migrations/), applied in one transaction. The version table `schema_migrations` plays the
 * part of SQLite's `PRAGMA user_version`: versions only go up, re-running is a no-op, and a database
 * written by a newer Paydesk is refused untouched. An advisory lock lets several server processes
 * start at once: one migrates, the others wait and then find nothing to do.
 */
import type pg from 'pg';

export interface PgMigration {
  /** 1, 2, 3, ... in order, no gaps, the same number as the SQLite twin. Never edited once shipped. */
  version: number;
  name: string;
  /** '' when the version changes nothing on PostgreSQL (it still counts). */
  sql: string;
}

/** An arbitrary constant: the advisory lock key of schema changes ("payde" in ASCII). */
const MIGRATION_LOCK = 0x7061796465;

export class NewerPgDatabaseError extends Error {
  constructor(
    readonly found: number,
    readonly supported: number,
  ) {
    super(
      `the database was written by a newer version of Paydesk (schema version ${found}; this version knows up to ${supported}). ` +
        'Update Paydesk, or point it at another database. Nothing was changed.',
    );
    this.name = 'NewerPgDatabaseError';
  }
}

export const VERSION_TABLE = 'schema_migrations';

/** The schema version of a database (0 when it has none). */
export async function pgSchemaVersion(client: pg.Client): Promise<number> {
  const exists = await client.query<{ t: string | null }>('SELECT to_regclass($1) AS t', [VERSION_TABLE]);
  if (!exists.rows[0]?.t) return 0;
  const row = await client.query<{ v: number }>(`SELECT coalesce(max(version), 0)::int AS v FROM ${VERSION_TABLE}`);
  return row.rows[0]?.v ?? 0;
}

/** Applies every pending migration in one transaction; returns the versions applied. */
export async function migratePg(client: pg.Client, migrations: readonly PgMigration[]): Promise<number[]> {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`migration list out of order at ${m.name}: expected version ${i + 1}, got ${m.version}`);
  });
  const supported = migrations.length;
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    // applied_at is the database's own time: a record for operators, not a time the gateway reasons with.
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${VERSION_TABLE} (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const current = await pgSchemaVersion(client);
    if (current > supported) throw new NewerPgDatabaseError(current, supported);
    const pending = migrations.filter((m) => m.version > current);
    for (const m of pending) {
      if (m.sql.trim()) await client.query(m.sql);
      await client.query(`INSERT INTO ${VERSION_TABLE} (version, name) VALUES ($1, $2)`, [m.version, m.name]);
    }
    await client.query('COMMIT');
    return pending.map((m) => m.version);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
