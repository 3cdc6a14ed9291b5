/**
 * The gateway's schema in both dialects (electron/gateway/migrations/ on SQLite, their twins in
 * electron/gateway/store/postgres/migrations/): after both engines migrate, every table, column,
 * type, NOT NULL, default, primary key and named index corresponds one to one through the type
 * mapping below, so a migration added to one engine only fails here. And the PostgreSQL runner:
 * re-running is a no-op, two processes starting at once migrate once, a newer database is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayMigrations } from '../../electron/gateway/db.js';
import { migratePg, NewerPgDatabaseError, VERSION_TABLE } from '../../electron/gateway/store/postgres/migrate.js';
import { gatewayPgMigrations } from '../../electron/gateway/store/postgres/migrations/index.js';
import { latestVersion, openDatabase } from '../../electron/platform/db.js';
import { postgresAvailable, startPostgres, type PgCluster } from '../helpers/postgres.js';

/** SQLite declared type -> PostgreSQL data_type. INTEGER is bigint: ms times exceed 32 bits. */
const TYPE_MAP: Record<string, string> = { TEXT: 'text', INTEGER: 'bigint' };

interface Column {
  type: string;
  notNull: boolean;
  default: string | null;
  pk: number;
}
type Schema = Record<string, { columns: Record<string, Column>; indexes: string[] }>;

function sqliteSchema(): Schema {
  const db = openDatabase({ file: ':memory:', migrations: gatewayMigrations });
  const schema: Schema = {};
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  for (const table of tables) {
    const info = db.pragma(`table_info(${table})`) as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[];
    const pkCount = info.filter((c) => c.pk > 0).length;
    const columns: Record<string, Column> = {};
    for (const c of info) {
      const pgType = TYPE_MAP[c.type.toUpperCase()] ?? `unmapped SQLite type ${c.type}`;
      // An INTEGER PRIMARY KEY (AUTOINCREMENT) is an identity column there; primary keys are NOT NULL.
      const identity = c.type.toUpperCase() === 'INTEGER' && c.pk === 1 && pkCount === 1;
      columns[c.name] = {
        type: pgType,
        notNull: c.notnull === 1 || c.pk > 0,
        default: identity ? 'identity' : c.dflt_value,
        pk: c.pk,
      };
    }
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name")
      .pluck()
      .all(table) as string[];
    schema[table] = { columns, indexes };
  }
  db.close();
  return schema;
}

async function pgSchema(cluster: PgCluster, url: string): Promise<Schema> {
  const client = await cluster.connect(url);
  const columns = await client.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
  }>(
    `SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity
       FROM information_schema.columns WHERE table_schema = current_schema() AND table_name <> $1`,
    [VERSION_TABLE],
  );
  const keys = await client.query<{ table_name: string; column_name: string; position: number }>(
    `SELECT k.table_name, k.column_name, k.ordinal_position AS position
       FROM information_schema.table_constraints t
       JOIN information_schema.key_column_usage k USING (constraint_schema, constraint_name, table_name)
      WHERE t.constraint_type = 'PRIMARY KEY' AND t.table_schema = current_schema()`,
  );
  // Named indexes only: those behind PRIMARY KEY and UNIQUE constraints are SQLite's autoindexes.
  const indexes = await client.query<{ tablename: string; indexname: string }>(
    `SELECT tablename, indexname FROM pg_indexes i WHERE schemaname = current_schema()
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname) ORDER BY indexname`,
  );
  await client.end();
  const schema: Schema = {};
  for (const c of columns.rows) {
    const table = (schema[c.table_name] ??= { columns: {}, indexes: [] });
    const pk = keys.rows.find((k) => k.table_name === c.table_name && k.column_name === c.column_name);
    table.columns[c.column_name] = {
      type: c.data_type,
      notNull: c.is_nullable === 'NO',
      default: c.is_identity === 'YES' ? 'identity' : (c.column_default?.replace(/::(text|bigint)$/, '') ?? null),
      pk: pk?.position ?? 0,
    };
  }
  for (const i of indexes.rows) schema[i.tablename]?.indexes.push(i.indexname);
  return schema;
}

describe.runIf(postgresAvailable())('the gateway schema on SQLite and PostgreSQL', () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(() => cluster?.stop());

  it('has the same numbered migrations on both engines', () => {
    expect(gatewayPgMigrations.map((m) => m.version)).toEqual(gatewayMigrations.map((m) => m.version));
    expect(gatewayPgMigrations.length).toBe(latestVersion(gatewayMigrations));
  });

  it('creates tables and columns that correspond one to one', async () => {
    const url = await cluster.freshDatabase();
    const client = await cluster.connect(url);
    expect(await migratePg(client, gatewayPgMigrations)).toEqual(gatewayPgMigrations.map((m) => m.version));
    await client.end();
    const lite = sqliteSchema();
    const pg = await pgSchema(cluster, url);
    expect(Object.keys(lite).length).toBeGreaterThanOrEqual(19);
    expect(Object.keys(pg).sort()).toEqual(Object.keys(lite).sort());
    for (const table of Object.keys(lite)) expect({ table, ...pg[table] }).toEqual({ table, ...lite[table] });
  });

  it('re-running is a no-op, and two processes starting at once migrate once', async () => {
    const url = await cluster.freshDatabase();
    const [a, b] = await Promise.all([cluster.connect(url), cluster.connect(url)]);
    const applied = await Promise.all([migratePg(a, gatewayPgMigrations), migratePg(b, gatewayPgMigrations)]);
    expect(applied.map((v) => v.length).sort()).toEqual([0, gatewayPgMigrations.length]);
    expect(await migratePg(a, gatewayPgMigrations)).toEqual([]);
    const versions = await a.query(`SELECT version FROM ${VERSION_TABLE} ORDER BY version`);
    expect(versions.rows.map((r) => r.version)).toEqual(gatewayPgMigrations.map((m) => m.version));
    await Promise.all([a.end(), b.end()]);
  });

  it('refuses a database written by a newer version, and changes nothing', async () => {
    const url = await cluster.freshDatabase();
    const client = await cluster.connect(url);
    await migratePg(client, gatewayPgMigrations);
    await client.query(`INSERT INTO ${VERSION_TABLE} (version, name) VALUES (99, 'from the future')`);
    await expect(migratePg(client, gatewayPgMigrations)).rejects.toBeInstanceOf(NewerPgDatabaseError);
    const count = await client.query(`SELECT count(*)::int AS n FROM ${VERSION_TABLE}`);
    expect(count.rows[0].n).toBe(gatewayPgMigrations.length + 1);
    await client.end();
  });
});
