/**
 * bench/beyond (issue 20, `npm run bench -- beyond`): the path beyond one PostgreSQL, measured on this
 * machine (docs/scaling-beyond.md has the figures and what they mean):
 *   1. read replicas: replication lag as a client sees it, result reads/s on a standby vs the primary
 *      while shop server processes (dist/electron/server.js) take creates on the primary;
 *   2. failover: the primary's postmaster killed (SIGKILL) under acknowledged creates, the standby
 *      promoted; acknowledged creates lost, with asynchronous and with synchronous replication;
 *   3. partitioning: payments hash-partitioned by payee_id vs one table: inserts/s, reads/s by key,
 *      and the merchant report's day query across payees.
 * Prints figures; never passes or fails. Every cluster is throw-away with fsync on
 * (test/helpers/postgres.ts); at the end, and on Ctrl-C or SIGTERM, every server process, PostgreSQL
 * process and cluster it started is stopped.
 *
 * Knobs (environment):
 *   BENCH_SECONDS               seconds per measured run (default 10)
 *   BENCH_BEYOND_PARTS          which parts (default "replica,failover,partition")
 *   BENCH_BEYOND_PROCESSES      shop server processes over the primary (default 2)
 *   BENCH_BEYOND_RATE           creates/s on the primary during parts 1's measurements (default 100)
 *   BENCH_BEYOND_PROBES         creates whose visibility on the standby is timed (default 300)
 *   BENCH_BEYOND_READERS        connections reading / inserting at once (default 4)
 *   BENCH_BEYOND_FAILOVERS      kills per replication mode (default 3)
 *   BENCH_BEYOND_KILL           "postmaster" (default: SIGKILL to the postmaster alone) or "instance" (to it
 *                               and all its children at once, as a machine losing power)
 *   BENCH_BEYOND_RETRY_MS       the standby's wal_retrieve_retry_interval in ms (default: PostgreSQL's, 5 s)
 *   BENCH_BEYOND_LOG            set: print the promoted standby's log after each failover
 *   BENCH_BEYOND_ROWS           payments preloaded per layout in part 3 (default 200000)
 *   BENCH_BEYOND_PARTITIONS     hash partitions (default 8)
 */
import { loadavg } from 'node:os';
import { postgresAvailable, startPostgres } from '../test/helpers/postgres.js';
import { fmt, SECONDS } from './api.js';
import { quantile, running, stopCluster, stopEverythingNow, stopShopServers } from './beyond-common.js';
import { measureFailover, type FailoverFigures } from './beyond-failover.js';
import { measureLayouts, type LayoutFigures } from './beyond-partition.js';
import { measureReplica, type ReplicaFigures } from './beyond-replica.js';

const env = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
const PARTS = (process.env.BENCH_BEYOND_PARTS ?? 'replica,failover,partition').split(',').map((p) => p.trim());
const PROCESSES = env('BENCH_BEYOND_PROCESSES', 2);
const READERS = env('BENCH_BEYOND_READERS', 4);

const load = (): string =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const ms = (n: number): string => fmt(n, n < 10 ? 2 : 0);

function printReplica(figures: ReplicaFigures): void {
  const { lags, lagsFromSend } = figures;
  console.log(`\n1. Read replicas (load average ${load()})`);
  console.log(
    `   replication lag, create acknowledged -> row visible on the standby, ${lags.length} creates: p50 ${ms(quantile(lags, 0.5))} ms, p90 ${ms(quantile(lags, 0.9))} ms, p99 ${ms(quantile(lags, 0.99))} ms, max ${ms(Math.max(...lags))} ms`,
  );
  console.log(
    `   from sending the create: p50 ${ms(quantile(lagsFromSend, 0.5))} ms, p99 ${ms(quantile(lagsFromSend, 0.99))} ms; creates acknowledged meanwhile ${fmt(figures.probeCreatesPerSecond)}/s`,
  );
  console.log(`   result reads (2 statements each), ${READERS} connections, while the primary takes creates:`);
  for (const row of figures.reads) {
    console.log(
      `     on the ${row.where.padEnd(7)}  ${fmt(row.readsPerSecond).padStart(6)} reads/s   creates acknowledged meanwhile ${fmt(row.createsPerSecond)}/s`,
    );
  }
}

function printFailovers(rows: FailoverFigures[], kill: string): void {
  console.log(
    `\n2. Failover: SIGKILL to the ${kill === 'instance' ? 'postmaster and all its children' : 'postmaster'} under creates, standby promoted${process.env.BENCH_BEYOND_RETRY_MS ? ` (standby wal_retrieve_retry_interval ${process.env.BENCH_BEYOND_RETRY_MS} ms)` : ''} (load average ${load()})`,
  );
  console.log(
    '   replication   state  sent  acked  acked after kill  LOST  in doubt  promote ms  kill->writable ms  servers exited',
  );
  for (const row of rows) {
    console.log(
      `   ${(row.synchronous ? 'synchronous' : 'asynchronous').padEnd(12)}  ${row.syncState.padEnd(5)}  ${String(row.sent).padStart(4)}  ${String(row.acked).padStart(5)}  ${String(row.ackedAfterKill).padStart(16)}  ${String(row.lost).padStart(4)}  ${String(row.inDoubt).padStart(8)}  ${ms(row.promoteMs).padStart(10)}  ${ms(row.killToWritableMs).padStart(17)}  ${String(row.serversExited).padStart(14)}`,
    );
    if (row.log) console.log(row.log);
  }
}

function printLayouts(rows: LayoutFigures[]): void {
  console.log(`\n3. Partitioning by payee (load average ${load()})`);
  console.log(
    `   layout                          inserts/s  reads/s by trace  reads/s by payee+trace  index scans (trace / payee+trace)  day report ms (median/min, rows)`,
  );
  for (const row of rows) {
    console.log(
      `   ${row.layout.padEnd(30)}  ${fmt(row.insertsPerSecond).padStart(9)}  ${fmt(row.readsByTrace).padStart(16)}  ${fmt(row.readsByPayeeAndTrace).padStart(22)}  ${`${row.lookedInByTrace} / ${row.lookedInByPayeeAndTrace}`.padStart(33)}  ${ms(row.reportMs.median)} / ${ms(row.reportMs.min)} (${fmt(row.reportMs.rows)})`,
    );
  }
}

async function partitionPart(): Promise<LayoutFigures[]> {
  const cluster = await startPostgres({ durable: true });
  running.clusters.add(cluster);
  const options = {
    partitions: env('BENCH_BEYOND_PARTITIONS', 8),
    payees: 64,
    rows: env('BENCH_BEYOND_ROWS', 200_000),
    days: 30,
    connections: READERS,
    seconds: SECONDS,
  };
  try {
    return await measureLayouts(cluster, options);
  } finally {
    await stopCluster(cluster);
  }
}

const KILL = process.env.BENCH_BEYOND_KILL === 'instance' ? 'instance' : 'postmaster';

async function failoverPart(): Promise<FailoverFigures[]> {
  const rows: FailoverFigures[] = [];
  const retry = process.env.BENCH_BEYOND_RETRY_MS;
  const standbySettings: Record<string, string> = retry ? { wal_retrieve_retry_interval: `${retry}ms` } : {};
  const options = { processes: PROCESSES, workers: 8, loadMs: 3000, kill: KILL, standbySettings } as const;
  for (let i = 0; i < env('BENCH_BEYOND_FAILOVERS', 3); i++) {
    for (const synchronous of [false, true]) rows.push(await measureFailover(synchronous, options));
  }
  return rows;
}

export async function runBeyondBench(): Promise<void> {
  if (!postgresAvailable()) return;
  const onSignal = (): void => {
    stopEverythingNow();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  console.log(
    `bench/beyond: ${SECONDS} s per run, ${PROCESSES} shop server processes, ${READERS} connections; parts ${PARTS.join(', ')}; load average ${load()}`,
  );
  try {
    if (PARTS.includes('replica')) {
      const options = {
        processes: PROCESSES,
        rate: env('BENCH_BEYOND_RATE', 100),
        probes: env('BENCH_BEYOND_PROBES', 300),
        readers: READERS,
        seconds: SECONDS,
      };
      printReplica(await measureReplica(options));
    }
    if (PARTS.includes('failover')) printFailovers(await failoverPart(), KILL);
    if (PARTS.includes('partition')) printLayouts(await partitionPart());
  } finally {
    await stopShopServers([...running.servers], true);
    for (const cluster of [...running.clusters]) await stopCluster(cluster);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
