/**
 * Read replicas (bench/beyond.ts, part 1): shop server processes take creates on a primary while a
 * streaming standby follows it. Measures the replication lag as a client sees it (a create is
 * acknowledged by the server, then the standby is asked for its trace id until the row is there) and
 * the result reads per second (the two statements a result read runs, from several connections) on
 * the standby and on the primary, each while the primary takes creates at a fixed rate.
 */
import type pg from 'pg';
import { startPostgres, startStandby, type PgCluster, type PgStandby } from '../test/helpers/postgres.js';
import { seedTraces, type Server } from './api.js';
import {
  create,
  createsAtRate,
  keyReads,
  nextOrderId,
  running,
  sleep,
  startShopServers,
  stopCluster,
  stopShopServers,
} from './beyond-common.js';

/** The statements of a result read (electron/gateway/payments/store.ts: byTrace and the current instruction). */
export const RESULT_READ = [
  { name: 'payment', text: 'SELECT * FROM payments WHERE trace_id = $1' },
  {
    name: 'instruction',
    text: 'SELECT i.* FROM instructions i JOIN payments p ON p.current_client_id = i.client_id WHERE p.trace_id = $1',
  },
];

export interface ReplicaFigures {
  /** ms from the create's HTTP 200 to the first standby read that found its row. */
  lags: number[];
  /** ms from sending the create to that read (the create's own time included). */
  lagsFromSend: number[];
  /** creates/s the servers acknowledged during the lag probes (the probes' own creates included). */
  probeCreatesPerSecond: number;
  reads: Array<{ where: 'primary' | 'standby'; readsPerSecond: number; createsPerSecond: number }>;
}

export interface ReplicaOptions {
  processes: number;
  rate: number;
  probes: number;
  readers: number;
  seconds: number;
}

async function untilVisible(client: pg.Client, trace: string): Promise<void> {
  const statement = { name: 'visible', text: 'SELECT 1 FROM payments WHERE trace_id = $1', values: [trace] };
  const giveUp = performance.now() + 60_000;
  while (performance.now() < giveUp) {
    if ((await client.query(statement)).rowCount) return;
  }
  throw new Error(`the standby did not show ${trace} within 60 s`);
}

async function probeLag(servers: Server[], standby: pg.Client, options: ReplicaOptions): Promise<ReplicaFigures> {
  const load = createsAtRate(servers, options.rate);
  const lags: number[] = [];
  const lagsFromSend: number[] = [];
  const started = performance.now();
  let probeAcks = 0;
  for (let i = 0; i < options.probes; i++) {
    const sent = performance.now();
    const trace = await create(servers[i % servers.length]!.url, nextOrderId());
    if (!trace) continue;
    probeAcks++;
    const acked = performance.now();
    await untilVisible(standby, trace);
    const seen = performance.now();
    lags.push(seen - acked);
    lagsFromSend.push(seen - sent);
    await sleep(10);
  }
  const { acked } = await load.stop();
  const seconds = (performance.now() - started) / 1000;
  return { lags, lagsFromSend, probeCreatesPerSecond: (acked + probeAcks) / seconds, reads: [] };
}

async function readsOn(
  cluster: PgCluster,
  database: string,
  where: 'primary' | 'standby',
  servers: Server[],
  traces: string[],
  options: ReplicaOptions,
): Promise<ReplicaFigures['reads'][number]> {
  const clients = await Promise.all(
    Array.from({ length: options.readers }, () => cluster.connect(cluster.url(database))),
  );
  try {
    const load = createsAtRate(servers, options.rate);
    const started = performance.now();
    const readsPerSecond = await keyReads(
      clients,
      RESULT_READ,
      traces.map((trace) => [trace]),
      options.seconds,
    );
    const { acked } = await load.stop();
    return { where, readsPerSecond, createsPerSecond: acked / ((performance.now() - started) / 1000) };
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

async function caughtUp(standby: pg.Client, traces: string[]): Promise<void> {
  for (const trace of [traces[0]!, traces[traces.length - 1]!]) await untilVisible(standby, trace);
}

export async function measureReplica(options: ReplicaOptions): Promise<ReplicaFigures> {
  const primary = await startPostgres({ durable: true });
  running.clusters.add(primary);
  let standby: PgStandby | undefined;
  let servers: Server[] = [];
  try {
    const databaseUrl = await primary.freshDatabase();
    const database = new URL(databaseUrl).pathname.slice(1);
    servers = await startShopServers(databaseUrl, options.processes);
    const traces = await seedTraces(servers[0]!.url, 500);
    standby = await startStandby(primary);
    running.clusters.add(standby);
    const reader = await standby.connect(standby.url(database));
    let figures: ReplicaFigures;
    try {
      await caughtUp(reader, traces);
      figures = await probeLag(servers, reader, options);
    } finally {
      await reader.end();
    }
    for (const where of ['standby', 'primary', 'standby', 'primary'] as const) {
      const cluster = where === 'primary' ? primary : standby;
      figures.reads.push(await readsOn(cluster, database, where, servers, traces, options));
    }
    return figures;
  } finally {
    await stopShopServers(servers);
    await stopCluster(standby);
    await stopCluster(primary);
  }
}
