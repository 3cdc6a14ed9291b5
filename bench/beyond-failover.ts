/**
 * Failover (bench/beyond.ts, part 2): shop server processes take creates on a primary with a
 * streaming standby; while creates are being acknowledged the primary's postmaster is killed with
 * SIGKILL, and the standby is promoted at once (`pg_ctl promote -w`). Counts the creates the load
 * generator got an HTTP 200 for that the promoted standby does not hold (lost), and those it holds
 * that were never acknowledged (in doubt), with asynchronous replication or with the primary
 * waiting for the standby at commit (`synchronous_standby_names = '*'`).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type pg from 'pg';
import { SHOP, type Server } from './api.js';
import { startPostgres, startStandby, type PgCluster, type PgStandby } from '../test/helpers/postgres.js';
import {
  create,
  killPids,
  nextOrderId,
  postgresPids,
  running,
  serverDeaths,
  sleep,
  startShopServers,
  stopCluster,
  stopShopServers,
} from './beyond-common.js';

export interface FailoverFigures {
  synchronous: boolean;
  /** The standby's sync_state in pg_stat_replication before the kill. */
  syncState: string;
  sent: number;
  acked: number;
  /** Acknowledged after the kill (a backend finishing a commit its postmaster no longer watches). */
  ackedAfterKill: number;
  /** Acknowledged, missing on the promoted standby. */
  lost: number;
  /** Not acknowledged (error or no answer), yet on the promoted standby. */
  inDoubt: number;
  promoteMs: number;
  /** From the kill to the promoted standby answering `pg_is_in_recovery() = false` (detection not included: promoted at once). */
  killToWritableMs: number;
  /** Shop server processes that exited by themselves once their database was gone. */
  serversExited: number;
  /** The promoted standby's log lines from the primary's loss to the promotion (BENCH_BEYOND_LOG=1). */
  log?: string;
}

export interface FailoverOptions {
  processes: number;
  workers: number;
  /** ms of creates before the kill. */
  loadMs: number;
  kill: 'postmaster' | 'instance';
  standbySettings: Record<string, string>;
}

async function replicationState(primary: PgCluster, synchronous: boolean): Promise<string> {
  const admin = await primary.connect(primary.url());
  try {
    if (synchronous) {
      await admin.query("ALTER SYSTEM SET synchronous_standby_names = '*'");
      await admin.query('SELECT pg_reload_conf()');
    }
    for (let attempt = 0; attempt < 200; attempt++) {
      const rows = await admin.query<{ sync_state: string; state: string }>(
        'SELECT sync_state, state FROM pg_stat_replication',
      );
      const state = rows.rows[0];
      if (state?.state === 'streaming' && (state.sync_state === 'sync') === synchronous) return state.sync_state;
      await sleep(50);
    }
    throw new Error('the standby did not reach the expected replication state');
  } finally {
    await admin.end();
  }
}

/** Workers creating back to back until `stop`; remembers what was sent and acknowledged (with when). */
function startCreates(servers: Server[], workers: number) {
  const sent = new Set<string>();
  const acked = new Map<string, number>();
  let stopping = false;
  const done = Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (!stopping) {
        const orderId = nextOrderId();
        sent.add(orderId);
        const trace = await create(servers[worker % servers.length]!.url, orderId);
        if (trace) acked.set(orderId, performance.now());
        else await sleep(50); // the database is gone: do not spin
      }
    }),
  );
  return {
    sent,
    acked,
    async stop() {
      stopping = true;
      await done;
    },
  };
}

async function ordersOn(standby: PgStandby, database: string, orderIds: string[]): Promise<Set<string>> {
  const client: pg.Client = await standby.connect(standby.url(database));
  try {
    const found = await client.query<{ order_id: string }>(
      'SELECT order_id FROM payments WHERE payee_id = $1 AND order_id = ANY($2::text[])',
      [SHOP, orderIds],
    );
    return new Set(found.rows.map((row) => row.order_id));
  } finally {
    await client.end();
  }
}

function standbyLog(standby: PgStandby): string {
  const lines = readFileSync(join(dirname(standby.dataDir), 'log'), 'utf8').split('\n');
  return lines.slice(-25).join('\n');
}

async function untilWritable(standby: PgStandby): Promise<void> {
  const client = await standby.connect(standby.url());
  try {
    const row = await client.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
    if (row.rows[0]!.r) throw new Error('the standby is still in recovery after promote');
  } finally {
    await client.end();
  }
}

export async function measureFailover(synchronous: boolean, options: FailoverOptions): Promise<FailoverFigures> {
  const primary = await startPostgres({ durable: true });
  running.clusters.add(primary);
  let standby: PgStandby | undefined;
  let servers: Server[] = [];
  try {
    const databaseUrl = await primary.freshDatabase();
    const database = new URL(databaseUrl).pathname.slice(1);
    servers = await startShopServers(databaseUrl, options.processes);
    standby = await startStandby(primary, { settings: options.standbySettings });
    running.clusters.add(standby);
    const syncState = await replicationState(primary, synchronous);
    const load = startCreates(servers, options.workers);
    await sleep(options.loadMs);
    const pids = postgresPids(primary.dataDir!);
    for (const pid of pids.children) running.pids.add(pid);
    // 'postmaster' (the default): the postmaster alone, its backends finish what they are doing and exit;
    // 'instance': the postmaster and every child at once, as a machine losing power would.
    killPids(options.kill === 'instance' ? [pids.postmaster, ...pids.children] : [pids.postmaster]);
    const killedAt = performance.now();
    const promoteMs = await standby.promote();
    await untilWritable(standby);
    const killToWritableMs = performance.now() - killedAt;
    await sleep(1000);
    await load.stop();
    const serversExited = serverDeaths(servers);
    killPids(pids.children); // backends left by their dead postmaster
    const found = await ordersOn(standby, database, [...load.sent]);
    const ackedIds = [...load.acked.keys()];
    return {
      synchronous,
      syncState,
      sent: load.sent.size,
      acked: ackedIds.length,
      ackedAfterKill: [...load.acked.values()].filter((at) => at > killedAt).length,
      lost: ackedIds.filter((id) => !found.has(id)).length,
      inDoubt: [...found].filter((id) => !load.acked.has(id)).length,
      promoteMs,
      killToWritableMs,
      serversExited,
      ...(process.env.BENCH_BEYOND_LOG ? { log: standbyLog(standby) } : {}),
    };
  } finally {
    await stopShopServers(servers, true);
    await stopCluster(standby);
    await stopCluster(primary);
  }
}
