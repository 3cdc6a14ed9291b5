/**
 * bench/server (issue 20, `npm run bench -- server`): the shop server (dist/electron/server.js) with 1,
 * 2 and 4 processes over one PostgreSQL, next to the embedded SQLite gateway (dist/electron/host.js)
 * and the bare node:http endpoint (bench/bare-server.mjs) in the same run: creates/s and result
 * reads/s at saturation, with the same number of connections for every configuration (connection i
 * goes to process i mod n), and p50/p99 at a fixed rate. Then one process over a database already
 * holding BENCH_SERVER_PRELOAD old payments (bench/pg-preload.ts; the preload time is printed): create
 * p50/p99 and reads of random old payments. Every process runs apart from the load generator
 * (autocannon, in this process), as in bench/api.ts. Prints figures and ratios; never passes or fails.
 *
 * Knobs (environment):
 *   BENCH_SECONDS              seconds per measured run (default 10)
 *   BENCH_CONNECTIONS          connections at saturation, the same for every configuration (default 16)
 *   BENCH_SERVER_PROCESSES     server process counts over PostgreSQL (default "1,2,4")
 *   BENCH_SERVER_RATE          req/s of the latency runs (default 50: well under one PostgreSQL process's saturation here)
 *   BENCH_SERVER_PRELOAD       payments stored before the last part (default 1000000; 0 leaves it out)
 *   BENCH_SERVER_PRELOAD_DAYS  days over which their creation is spread (default 90)
 * PostgreSQL is a throw-away cluster with fsync on (test/helpers/postgres.ts); a fresh database per
 * configuration. At the end, and on Ctrl-C or SIGTERM, every server process and the cluster are stopped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresAvailable, startPostgres, type PgCluster } from '../test/helpers/postgres.js';
import {
  CONNECTIONS,
  createLoad,
  fmt,
  measure,
  pct,
  readLoad,
  SECONDS,
  seedTraces,
  startServer,
  stopServer,
  type Figures,
  type Server,
} from './api.js';
import { makeTemplates, preloadPayments } from './pg-preload.js';

const PROCESSES = (process.env.BENCH_SERVER_PROCESSES ?? '1,2,4')
  .split(',')
  .map((n) => Number(n.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const RATE = Number(process.env.BENCH_SERVER_RATE ?? 50);
const PRELOAD = Number(process.env.BENCH_SERVER_PRELOAD ?? 1_000_000);
const PRELOAD_DAYS = Number(process.env.BENCH_SERVER_PRELOAD_DAYS ?? 90);
const SEEDED = 500;

interface Row {
  name: string;
  create: Figures;
  createAt: Figures;
  read: Figures;
  readAt: Figures;
  /** PostgreSQL transactions rolled back (serialization conflicts the server ran again, mostly). */
  rollbacks?: number;
}

/** Everything started, for the stop at the end and on a signal. */
const running = { servers: new Set<Server>(), cluster: undefined as PgCluster | undefined, dirs: new Set<string>() };

async function start(args: string[]): Promise<Server> {
  const server = await startServer(args);
  running.servers.add(server);
  return server;
}

async function stop(servers: Server[]): Promise<void> {
  await Promise.all(
    servers.map(async (server) => {
      running.servers.delete(server);
      if (server.child.exitCode === null && server.child.signalCode === null) await stopServer(server);
    }),
  );
}

function stopEverythingNow(): void {
  for (const server of running.servers) server.child.kill('SIGKILL');
  running.servers.clear();
  try {
    void running.cluster?.stop(); // synchronous inside: pg_ctl stop -m fast, then the directory goes
  } catch {
    // already stopping (a Ctrl-C reaches the whole process group): its watchdog finishes the job
  }
  running.cluster = undefined;
  for (const dir of running.dirs) rmSync(dir, { recursive: true, force: true });
}

const shopServerArgs = (databaseUrl: string): string[] => [
  'dist/electron/server.js',
  '--port',
  '0',
  '--database',
  databaseUrl,
];

/** Rolled-back transactions in a database, read once its servers are gone (their backends have flushed their counts). */
async function rollbacksIn(cluster: PgCluster, databaseUrl: string): Promise<number> {
  const client = await cluster.connect(databaseUrl);
  try {
    const stats = await client.query<{ n: string }>(
      'SELECT xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(stats.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** The four runs of one configuration; `traces` are payments its reads ask about. */
async function measureRow(name: string, servers: Server[], traces: string[]): Promise<Row> {
  process.stdout.write(`  ${name} ...`);
  const create = await measure(servers, createLoad);
  const createAt = await measure(servers, createLoad, RATE);
  const read = await measure(servers, readLoad(traces));
  const readAt = await measure(servers, readLoad(traces), RATE);
  process.stdout.write(` ${fmt(create.requestsPerSecond)} creates/s, ${fmt(read.requestsPerSecond)} reads/s\n`);
  return { name, create, createAt, read, readAt };
}

async function pgRow(cluster: PgCluster, processes: number): Promise<Row> {
  const databaseUrl = await cluster.freshDatabase();
  // One first (it makes the schema and the merchant key), then the others.
  const first = await start(shopServerArgs(databaseUrl));
  const servers = [
    first,
    ...(await Promise.all(Array.from({ length: processes - 1 }, () => start(shopServerArgs(databaseUrl))))),
  ];
  let row: Row;
  try {
    const traces = await seedTraces(first.url, SEEDED);
    row = await measureRow(`PostgreSQL, ${processes} process${processes === 1 ? '' : 'es'}`, servers, traces);
  } finally {
    await stop(servers);
  }
  return { ...row, rollbacks: await rollbacksIn(cluster, databaseUrl) };
}

/** One process over a database holding PRELOAD old payments; reads ask for random old ones. */
async function preloadedRow(cluster: PgCluster): Promise<Row> {
  const databaseUrl = await cluster.freshDatabase();
  const maker = await start(shopServerArgs(databaseUrl));
  const templates = await makeTemplates(maker.url).finally(() => stop([maker]));
  const client = await cluster.connect(databaseUrl);
  let traces: string[];
  try {
    const started = performance.now();
    const written = await preloadPayments(client, { count: PRELOAD, days: PRELOAD_DAYS, templates });
    const seconds = (performance.now() - started) / 1000;
    // As a database that grew over days would be: vacuumed (hint bits and visibility map set, so the
    // first reads of old rows write nothing), statistics gathered, and its dirty pages written out.
    const settling = performance.now();
    await client.query('VACUUM (ANALYZE)');
    await client.query('CHECKPOINT');
    const settled = (performance.now() - settling) / 1000;
    const size = await client.query<{ size: string }>(
      'SELECT pg_size_pretty(pg_database_size(current_database())) AS size',
    );
    console.log(
      `  preload: ${fmt(PRELOAD)} payments over ${PRELOAD_DAYS} days in ${fmt(seconds, 1)} s (one INSERT ... SELECT generate_series per table and template), VACUUM (ANALYZE) and CHECKPOINT ${fmt(settled, 1)} s: ${Object.entries(
        written,
      )
        .map(([table, rows]) => `${table} ${fmt(rows)}`)
        .join(', ')}; database ${size.rows[0]!.size}`,
    );
    const sample = await client.query<{ trace_id: string }>(
      "SELECT trace_id FROM payments WHERE order_id LIKE 'preload-%' ORDER BY random() LIMIT 2000",
    );
    traces = sample.rows.map((row) => row.trace_id);
  } finally {
    await client.end();
  }
  const before = await rollbacksIn(cluster, databaseUrl);
  const server = await start(shopServerArgs(databaseUrl));
  let row: Row;
  try {
    row = await measureRow(`PostgreSQL, 1 process, ${fmt(PRELOAD)} stored`, [server], traces);
  } finally {
    await stop([server]);
  }
  return { ...row, rollbacks: (await rollbacksIn(cluster, databaseUrl)) - before };
}

async function localRows(): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-server-'));
  running.dirs.add(dataDir);
  const bare = await start(['bench/bare-server.mjs']);
  const embedded = await start(['dist/electron/host.js', '--port', '0', '--data', dataDir]);
  try {
    const bareRow = await measureRow('bare node:http JSON', [bare], ['3f1c2b4a-0000-4000-8000-000000000000']);
    const traces = await seedTraces(embedded.url, SEEDED);
    return [bareRow, await measureRow('embedded SQLite gateway', [embedded], traces)];
  } finally {
    await stop([embedded, bare]);
    rmSync(dataDir, { recursive: true, force: true });
    running.dirs.delete(dataDir);
  }
}

function printTable(rows: Row[]): void {
  const bare = rows[0]!;
  const at = `@${RATE}/s`;
  console.log('');
  console.log(
    `${'configuration'.padEnd(44)} ${'creates/s'.padStart(9)}  ${`p50/p99 ms ${at}`.padStart(17)}  ${'reads/s'.padStart(8)}  ${`p99 ms ${at}`.padStart(13)}  ${'creates/bare'.padStart(12)}  ${'reads/bare'.padStart(10)}  ${'errors'.padStart(6)}  ${'node CPU µs/create'.padStart(18)}  ${'PG rollbacks'.padStart(12)}`,
  );
  for (const row of rows) {
    const errors = row.create.errors + row.createAt.errors + row.read.errors + row.readAt.errors;
    console.log(
      `${row.name.padEnd(44)} ${fmt(row.create.requestsPerSecond).padStart(9)}  ${`${row.createAt.p50} / ${row.createAt.p99}`.padStart(17)}  ${fmt(row.read.requestsPerSecond).padStart(8)}  ${String(row.readAt.p99).padStart(13)}  ${pct(row.create.requestsPerSecond, bare.create.requestsPerSecond).padStart(12)}  ${pct(row.read.requestsPerSecond, bare.read.requestsPerSecond).padStart(10)}  ${String(errors).padStart(6)}  ${fmt(row.create.cpuMicros, 0).padStart(18)}  ${(row.rollbacks === undefined ? '-' : fmt(row.rollbacks)).padStart(12)}`,
    );
  }
  console.log('');
  console.log(
    'creates/s and reads/s: saturated; latency: at the fixed rate; node CPU: the server processes together (PostgreSQL not counted);',
  );
  console.log(
    'PG rollbacks: transactions PostgreSQL rolled back in that configuration (serializable conflicts, each run again by the server).',
  );
}

export async function runServerBench(): Promise<void> {
  if (!postgresAvailable()) return;
  const onSignal = (): void => {
    stopEverythingNow();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  console.log(
    `bench/server: ${SECONDS} s per run, ${CONNECTIONS} connections at saturation for every configuration, ${RATE} req/s for latency; PostgreSQL processes ${PROCESSES.join(', ')}; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  try {
    const rows = await localRows();
    running.cluster = await startPostgres({ durable: true });
    for (const processes of PROCESSES) rows.push(await pgRow(running.cluster, processes));
    if (PRELOAD > 0) rows.push(await preloadedRow(running.cluster));
    printTable(rows);
  } finally {
    await stop([...running.servers]);
    await running.cluster?.stop();
    running.cluster = undefined;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
