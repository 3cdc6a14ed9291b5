/**
 * Partitioning by payee (bench/beyond.ts, part 3): the gateway's `payments` table as its PostgreSQL
 * migrations make it, next to the same table hash-partitioned by payee_id, in two databases of one
 * cluster. Both get the same synthetic payees and the same preloaded rows (copies of a payment the
 * gateway made through /v1), then: single-row inserts from several connections (a transaction each,
 * fsync on), reads by trace id from several connections (what a result read asks: it does not know
 * the payee, so a partitioned table looks in every partition), reads by payee and trace id (one
 * partition), and the merchant report's query for one day across every payee.
 */
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { PgCluster } from '../test/helpers/postgres.js';
import {
  create,
  forSeconds,
  keyReads,
  nextOrderId,
  quantile,
  startShopServers,
  stopShopServers,
} from './beyond-common.js';

export interface PartitionOptions {
  partitions: number;
  payees: number;
  rows: number;
  days: number;
  connections: number;
  seconds: number;
}

export interface LayoutFigures {
  layout: string;
  insertsPerSecond: number;
  readsByTrace: number;
  readsByPayeeAndTrace: number;
  /** Partitions (or the table) an index lookup by trace id alone visits, from EXPLAIN. */
  lookedInByTrace: string;
  lookedInByPayeeAndTrace: string;
  reportMs: { median: number; min: number; rows: number };
}

const DAY_MS = 86_400_000;
/** The newest preloaded payment's created_at: a fixed instant, so every run reports the same day. */
const NEWEST = 1_790_000_000_000;

/** Makes the schema through a shop server, and one payment to copy; leaves `template` (one row). */
async function schemaWithTemplate(databaseUrl: string, client: pg.Client): Promise<void> {
  const [server] = await startShopServers(databaseUrl, 1);
  let trace: string | undefined;
  try {
    trace = await create(server!.url, nextOrderId());
  } finally {
    await stopShopServers([server!]);
  }
  if (!trace) throw new Error('the template payment was not created');
  await client.query('CREATE TABLE template AS SELECT * FROM payments WHERE trace_id = $1', [trace]);
  await client.query('DELETE FROM payments');
}

/** Rebuilds `payments` (empty) as a table hash-partitioned by payee_id with the same columns and indexes. */
async function partition(client: pg.Client, partitions: number): Promise<void> {
  const indexes = await client.query<{ indexdef: string }>(
    `SELECT indexdef FROM pg_indexes i WHERE tablename = 'payments'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  // A key of a partitioned table must hold the partition key: the trace id is unique per payee only.
  await client.query(`
    CREATE TABLE payments_by_payee (LIKE payments INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY HASH (payee_id);
    DROP TABLE payments CASCADE;
    ALTER TABLE payments_by_payee RENAME TO payments;
    ALTER TABLE payments ADD PRIMARY KEY (trace_id, payee_id), ADD UNIQUE (payee_id, order_id),
      ADD FOREIGN KEY (payee_id) REFERENCES payees (payee_id);`);
  for (let i = 0; i < partitions; i++) {
    await client.query(
      `CREATE TABLE payments_p${i} PARTITION OF payments FOR VALUES WITH (MODULUS ${partitions}, REMAINDER ${i})`,
    );
  }
  for (const { indexdef } of indexes.rows) await client.query(indexdef);
}

/** The payments columns as a SELECT list over `template t`, with the per-row ones from `changed`. */
async function selectList(
  client: pg.Client,
  changed: Record<string, string>,
): Promise<{ columns: string; values: string }> {
  const rows = await client.query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'payments' ORDER BY ordinal_position",
  );
  const names = rows.rows.map((row) => row.column_name);
  return { columns: names.join(', '), values: names.map((name) => changed[name] ?? `t.${name}`).join(', ') };
}

async function prepare(client: pg.Client, options: PartitionOptions, partitioned: boolean): Promise<void> {
  await client.query(
    `INSERT INTO payees SELECT 'payee-' || g, 'bench-net-' || g, 'Payee ' || g, 0 FROM generate_series(1, $1::int) AS g`,
    [options.payees],
  );
  if (partitioned) await partition(client, options.partitions);
  const { columns, values } = await selectList(client, {
    trace_id: "'00000000-0000-7000-8000-' || lpad(to_hex(g), 12, '0')",
    order_id: "'pre-' || g",
    payee_id: "'payee-' || (1 + g % $2::int)",
    created_at: `${NEWEST}::bigint - (($1::int - g)::bigint * ${options.days * DAY_MS}::bigint / $1::int)`,
  });
  await client.query(
    `INSERT INTO payments (${columns}) SELECT ${values} FROM template t, generate_series(1, $1::int) AS g`,
    [options.rows, options.payees],
  );
  await client.query('VACUUM (ANALYZE)');
  await client.query('CHECKPOINT');
}

/** Inserted rows so far (order ids stay unique across the ABBA runs of one layout). */
let n = 0;

async function inserts(clients: pg.Client[], options: PartitionOptions): Promise<number> {
  const { columns, values } = await selectList(clients[0]!, {
    trace_id: '$1',
    order_id: '$2',
    payee_id: '$3',
    created_at: '$4::bigint',
  });
  const text = `INSERT INTO payments (${columns}) SELECT ${values} FROM template t`;
  return forSeconds(clients, options.seconds, (client) => {
    n++;
    const values = [uuidv7(), `ins-${process.pid}-${n}`, `payee-${1 + (n % options.payees)}`, NEWEST + n];
    return client.query({ name: 'insert', text, values });
  });
}

/** How many index scans the plan of a lookup makes, and on which indexes ("payments_p3_pkey x8" when alike). */
async function explainVisits(client: pg.Client, where: string, values: string[]): Promise<string> {
  const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT * FROM payments WHERE ${where}`, values);
  const scans = plan.rows
    .map((row) => / using (\S+)/.exec(row['QUERY PLAN'])?.[1])
    .filter((index): index is string => index !== undefined);
  return scans.length === 1 ? `${scans[0]}` : `${scans.length} (${scans[0]}, ...)`;
}

async function report(client: pg.Client, options: PartitionOptions): Promise<LayoutFigures['reportMs']> {
  const to = NEWEST - Math.floor(options.days / 2) * DAY_MS;
  const text = `SELECT trace_id, order_id, till_id, created_at, status, quote_asset_id, quote_amount, payment_asset_id,
      payable_amount, failure_code
    FROM payments WHERE created_at >= $1 AND created_at < $2 ORDER BY created_at DESC, trace_id DESC`;
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < 11; i++) {
    const started = performance.now();
    rows = (await client.query({ name: 'report', text, values: [to - DAY_MS, to] })).rowCount ?? 0;
    times.push(performance.now() - started);
  }
  return { median: quantile(times, 0.5), min: Math.min(...times), rows };
}

interface Layout {
  name: string;
  admin: pg.Client;
  clients: pg.Client[];
  byTrace: unknown[][];
  byBoth: unknown[][];
}

async function prepareLayout(cluster: PgCluster, options: PartitionOptions, partitioned: boolean): Promise<Layout> {
  const databaseUrl = await cluster.freshDatabase();
  const admin = await cluster.connect(databaseUrl);
  await schemaWithTemplate(databaseUrl, admin);
  await prepare(admin, options, partitioned);
  const sample = await admin.query<{ trace_id: string; payee_id: string }>(
    "SELECT trace_id, payee_id FROM payments WHERE order_id LIKE 'pre-%' ORDER BY random() LIMIT 2000",
  );
  const clients: pg.Client[] = [];
  for (let i = 0; i < options.connections; i++) clients.push(await cluster.connect(databaseUrl));
  return {
    name: partitioned ? `hash by payee_id, ${options.partitions} partitions` : 'one table (as migrated)',
    admin,
    clients,
    byTrace: sample.rows.map((row) => [row.trace_id]),
    byBoth: sample.rows.map((row) => [row.payee_id, row.trace_id]),
  };
}

const TRACE_READ = { name: 'trace', text: 'SELECT * FROM payments WHERE trace_id = $1' };
const BOTH_READ = { name: 'both', text: 'SELECT * FROM payments WHERE payee_id = $1 AND trace_id = $2' };

/**
 * Each measurement in the order one table, partitioned, partitioned, one table (ABBA), each figure the
 * mean of its two runs: on this busy machine whatever runs later may find more or less CPU, and a
 * fixed order would credit that to one layout.
 */
async function abba(
  layouts: [Layout, Layout],
  measure: (layout: Layout) => Promise<number>,
): Promise<[number, number]> {
  const [a, b] = layouts;
  const a1 = await measure(a);
  const b1 = await measure(b);
  const b2 = await measure(b);
  const a2 = await measure(a);
  return [(a1 + a2) / 2, (b1 + b2) / 2];
}

/** Both layouts, one table first: inserts, reads by trace, reads by payee and trace, plans, the day report. */
export async function measureLayouts(cluster: PgCluster, options: PartitionOptions): Promise<LayoutFigures[]> {
  const layouts: Layout[] = [];
  try {
    layouts.push(await prepareLayout(cluster, options, false));
    layouts.push(await prepareLayout(cluster, options, true));
    const pair = layouts as [Layout, Layout];
    const insertsPerSecond = await abba(pair, (layout) => inserts(layout.clients, options));
    const byTrace = await abba(pair, (l) => keyReads(l.clients, [TRACE_READ], l.byTrace, options.seconds));
    const byBoth = await abba(pair, (l) => keyReads(l.clients, [BOTH_READ], l.byBoth, options.seconds));
    const figures: LayoutFigures[] = [];
    for (const [i, layout] of pair.entries()) {
      figures.push({
        layout: layout.name,
        insertsPerSecond: insertsPerSecond[i]!,
        readsByTrace: byTrace[i]!,
        readsByPayeeAndTrace: byBoth[i]!,
        lookedInByTrace: await explainVisits(layout.admin, 'trace_id = $1', layout.byTrace[0] as string[]),
        lookedInByPayeeAndTrace: await explainVisits(
          layout.admin,
          'payee_id = $1 AND trace_id = $2',
          layout.byBoth[0] as string[],
        ),
        reportMs: await report(layout.admin, options),
      });
    }
    return figures;
  } finally {
    await Promise.all(layouts.flatMap((l) => [l.admin, ...l.clients]).map((client) => client.end()));
  }
}
