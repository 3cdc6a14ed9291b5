/**
 * Shared parts of `npm run bench -- beyond` (bench/beyond.ts): what was started (so the end and a
 * Ctrl-C stop it all), shop server processes over a cluster, creates through /v1 whose answers are
 * kept (the failover counts the acknowledged ones), key reads from several connections for a fixed
 * time, and percentiles. Prints nothing itself.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type pg from 'pg';
import type { PgCluster } from '../test/helpers/postgres.js';
import { SHOP, stopServer, USDT, type Server } from './api.js';

const root = join(import.meta.dirname, '..');

/** Everything started, for the stop at the end and on a signal. */
export const running = { servers: new Set<Server>(), clusters: new Set<PgCluster>(), pids: new Set<number>() };

/**
 * Shop server processes over `databaseUrl`, one at a time (the first makes the schema and the merchant
 * key). Their stderr is kept, not shown: in the failover a server whose database died exits with a
 * stack trace, which `serverDeaths` counts instead.
 */
export async function startShopServers(databaseUrl: string, count: number): Promise<Server[]> {
  const servers: Server[] = [];
  for (let i = 0; i < count; i++) {
    const child = spawn(process.execPath, ['dist/electron/server.js', '--port', '0', '--database', databaseUrl], {
      cwd: root,
      env: { ...process.env, PAYDESK_QUIET: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    const server: Server = { url: '', child };
    running.servers.add(server);
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`shop server exited with ${code}: ${stderr}`)));
    });
    const url = /^ready (\S+)$/.exec(line)?.[1];
    if (!url) throw new Error(`unexpected first line: ${line}`);
    server.url = url;
    servers.push(server);
  }
  return servers;
}

/** Servers that have exited on their own (not stopped by us). */
export const serverDeaths = (servers: Server[]): number =>
  servers.filter((server) => server.child.exitCode !== null || server.child.signalCode !== null).length;

export async function stopShopServers(servers: Server[], hard = false): Promise<void> {
  await Promise.all(
    servers.map(async (server) => {
      running.servers.delete(server);
      if (server.child.exitCode !== null || server.child.signalCode !== null) return;
      if (hard) {
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGKILL');
        await exited;
      } else await stopServer(server);
    }),
  );
}

export async function stopCluster(cluster: PgCluster | undefined): Promise<void> {
  if (!cluster) return;
  running.clusters.delete(cluster);
  try {
    await cluster.stop();
  } catch {
    // a killed primary has no postmaster to stop: its directory is removed all the same
  }
}

/** Synchronous, for a signal handler: kills servers and leftover PostgreSQL processes, stops clusters. */
export function stopEverythingNow(): void {
  for (const server of running.servers) server.child.kill('SIGKILL');
  running.servers.clear();
  killPids([...running.pids]);
  for (const cluster of running.clusters) void stopCluster(cluster);
}

export function killPids(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
    running.pids.delete(pid);
  }
}

/** The postmaster's pid (first line of postmaster.pid) and the pids of its children. */
export function postgresPids(dataDir: string): { postmaster: number; children: number[] } {
  const postmaster = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    // no children
  }
  return { postmaster, children };
}

let orders = 0;
export const nextOrderId = (): string => `beyond-${process.pid}-${++orders}`;

/** One create through /v1; the trace id when it was acknowledged (HTTP 200 with data), else undefined. */
export async function create(base: string, orderId: string): Promise<string | undefined> {
  try {
    const response = await fetch(`${base}/v1/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        payeeId: SHOP,
        orderId,
        quoteAssetId: 'usd',
        quoteAmount: '12.5',
        paymentAssetId: USDT,
        settlementAssetId: USDT,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status !== 200) return undefined;
    const body = (await response.json()) as { data?: { traceId?: string } };
    return body.data?.traceId;
  } catch {
    return undefined;
  }
}

/** Creates at a fixed overall rate across `servers` until `stop()`; counts acknowledged ones. */
export function createsAtRate(servers: Server[], rate: number): { stop(): Promise<{ acked: number; sent: number }> } {
  let sent = 0;
  let acked = 0;
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const server = servers[sent++ % servers.length]!;
    const request = create(server.url, nextOrderId()).then((trace) => {
      if (trace) acked++;
    });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  }, 1000 / rate);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { acked, sent };
    },
  };
}

/** Each client runs `round` back to back for `seconds`: rounds per second over all of them. */
export async function forSeconds(
  clients: pg.Client[],
  seconds: number,
  round: (client: pg.Client) => Promise<unknown>,
): Promise<number> {
  const started = performance.now();
  const end = started + seconds * 1000;
  let rounds = 0;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < end) {
        await round(client);
        rounds++;
      }
    }),
  );
  return rounds / ((performance.now() - started) / 1000);
}

/** Key reads from several clients: `statements` run for one key a round, keys taken in turn. */
export function keyReads(
  clients: pg.Client[],
  statements: Array<{ name: string; text: string }>,
  keys: unknown[][],
  seconds: number,
): Promise<number> {
  let next = 0;
  return forSeconds(clients, seconds, async (client) => {
    const values = keys[next++ % keys.length]!;
    for (const statement of statements) await client.query({ ...statement, values });
  });
}

/** The q-quantile (0..1) of `values` (nearest rank). */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
