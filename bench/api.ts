/**
 * bench/api: the gateway's /v1 throughput and latency on loopback against a bare node:http JSON
 * endpoint measured in the same run. Each server runs in its own process (as in the app); the
 * load generator (autocannon) runs here. Prints figures and ratios; never passes or fails.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = join(import.meta.dirname, '..');
export const SHOP = 'a1b2c3d4-0001-4000-8000-000000000001';
export const USDT = '4d8c508b-91c5-375b-92b0-ee702ed2dac5';
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

export interface Server {
  url: string;
  child: ChildProcess;
}

export async function startServer(args: string[]): Promise<Server> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PAYDESK_QUIET: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const url = /^ready (\S+)$/.exec(line)?.[1];
  if (!url) throw new Error(`unexpected first line: ${line}`);
  return { url, child };
}

export async function stopServer(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

export interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's CPU time (user + system) per answered request, in microseconds. */
  cpuMicros: number;
}

const TICKS_PER_SECOND = 100; // Linux USER_HZ, the unit of /proc/<pid>/stat's times

/**
 * The server process's CPU time so far, in microseconds (0 where /proc is missing). Throughput on a
 * 2-core machine shared with the load generator (and whatever else runs) swings from run to run;
 * CPU time per request is what the server itself costs, so it is printed beside the rates.
 */
function cpuMicrosOf(child: ChildProcess): number {
  try {
    const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
  } catch {
    return 0;
  }
}

export type Load = Omit<autocannon.Options, 'url' | 'duration'> & { path: string };

/** Saturated (or at `rate` req/s overall); with several servers, autocannon gives connection i server i mod n. */
export async function measure(target: Server | Server[], load: Load, rate?: number): Promise<Figures> {
  const { path, ...rest } = load;
  const servers = Array.isArray(target) ? target : [target];
  const cpu = (): number => servers.reduce((sum, server) => sum + cpuMicrosOf(server.child), 0);
  const cpuBefore = cpu();
  const result = await autocannon({
    // autocannon takes an array of URLs (connections round robin over them); its types say string.
    url:
      servers.length === 1 ? `${servers[0]!.url}${path}` : (servers.map((s) => `${s.url}${path}`) as unknown as string),
    duration: SECONDS,
    connections: rate ? 8 : CONNECTIONS,
    ...(rate ? { overallRate: rate } : {}),
    ...rest,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    cpuMicros: (cpu() - cpuBefore) / Math.max(1, result.requests.total),
  };
}

let order = 0;
/** Each create is a new order, so every request does the whole create (quote, insert, events). */
export const createLoad: Load = {
  path: '/v1/payments',
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  requests: [
    {
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          payeeId: SHOP,
          orderId: `bench-${process.pid}-${++order}`,
          quoteAssetId: 'usd',
          quoteAmount: '12.5',
          paymentAssetId: USDT,
          settlementAssetId: USDT,
        }),
      }),
    },
  ],
};

export async function seedTraces(base: string, count: number): Promise<string[]> {
  const traces: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${base}/v1/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        payeeId: SHOP,
        orderId: `seed-${process.pid}-${i}`,
        quoteAssetId: 'usd',
        quoteAmount: '20',
        paymentAssetId: USDT,
        settlementAssetId: USDT,
      }),
    });
    const body = (await response.json()) as { data: { traceId: string } };
    traces.push(body.data.traceId);
  }
  return traces;
}

export function readLoad(traces: string[]): Load {
  let next = 0;
  return {
    path: '/v1/payments_result',
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: `/v1/payments_result?traceId=${traces[next++ % traces.length]}`,
        }),
      },
    ],
  };
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const pct = (a: number, b: number) => `${fmt((a / b) * 100, 1)}%`;

/** The middle value (the upper middle of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Saturated runs go in rounds (bare, create, read, bare, ...), and the figures are each endpoint's median:
 * on a 2-core machine the load generator shares the cores with the server, and one run of the same
 * build swings by a third depending on where the scheduler puts the two processes.
 */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Saturated {
  bare: Figures;
  create: Figures;
  read: Figures;
}

/** The round whose value of `pick` is the median (so its other figures come from the same run). */
function medianBy(figures: Figures[], pick: (f: Figures) => number): Figures {
  const middle = median(figures.map(pick));
  return figures.find((f) => pick(f) === middle) ?? figures[0]!;
}

async function saturatedRounds(
  bare: Server,
  gateway: Server,
  traces: string[],
): Promise<Saturated & { ratios: { create: number[]; read: number[] } }> {
  const runs: Saturated[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bareMax = await measure(bare, { path: '/v1/payments_result?traceId=x' });
    const createMax = await measure(gateway, createLoad);
    const readMax = await measure(gateway, readLoad(traces));
    runs.push({ bare: bareMax, create: createMax, read: readMax });
  }
  const rps = (f: Figures) => f.requestsPerSecond;
  return {
    bare: medianBy(
      runs.map((r) => r.bare),
      rps,
    ),
    create: medianBy(
      runs.map((r) => r.create),
      rps,
    ),
    read: medianBy(
      runs.map((r) => r.read),
      rps,
    ),
    ratios: {
      create: runs.map((r) => r.create.requestsPerSecond / r.bare.requestsPerSecond),
      read: runs.map((r) => r.read.requestsPerSecond / r.bare.requestsPerSecond),
    },
  };
}

export async function runApiBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-'));
  console.log(
    `bench/api: ${ROUNDS} rounds of ${SECONDS} s per saturated run (${CONNECTIONS} connections; medians), 200 req/s for latency; loopback, one process per server`,
  );
  const bare = await startServer(['bench/bare-server.mjs']);
  // BENCH_HOST runs another build of the host (say, a copy of dist/electron/host.js from before a
  // change) under the same conditions, for before/after figures.
  const host = process.env.BENCH_HOST ?? 'dist/electron/host.js';
  const gateway = await startServer([host, '--port', '0', '--data', dataDir]);
  try {
    const traces = await seedTraces(gateway.url, 500);
    const { bare: bareMax, create: createMax, read: readMax, ratios } = await saturatedRounds(bare, gateway, traces);
    const bareAt200 = await measure(bare, { path: '/v1/payments_result?traceId=x' }, 200);
    const createAt200 = await measure(gateway, createLoad, 200);
    const readAt200 = await measure(gateway, readLoad(traces), 200);

    const rows: Array<[string, Figures, Figures]> = [
      ['bare node:http JSON', bareMax, bareAt200],
      ['POST /v1/payments (new order)', createMax, createAt200],
      ['GET /v1/payments_result', readMax, readAt200],
    ];
    console.log('');
    console.log('endpoint                         req/s (saturated)  p50/p99 ms @200 req/s  errors  server CPU µs/req');
    for (const [name, max, at200] of rows) {
      console.log(
        `${name.padEnd(32)} ${fmt(max.requestsPerSecond).padStart(17)}  ${`${at200.p50} / ${at200.p99}`.padStart(21)}  ${String(max.errors + at200.errors).padStart(6)}  ${fmt(max.cpuMicros, 1).padStart(17)}`,
      );
    }
    const each = (values: number[]) => values.map((v) => `${fmt(v * 100, 1)}%`).join(', ');
    console.log('');
    console.log(
      `creates vs bare:      ${pct(median(ratios.create), 1)} of the bare endpoint's throughput (goal >= 25%; rounds ${each(ratios.create)})`,
    );
    console.log(`result reads vs bare: ${pct(median(ratios.read), 1)} (goal >= 50%; rounds ${each(ratios.read)})`);
    console.log(
      `CPU per request:      creates cost ${fmt(createMax.cpuMicros / bareMax.cpuMicros, 1)}x, reads ${fmt(readMax.cpuMicros / bareMax.cpuMicros, 1)}x the bare endpoint's server CPU (so on a core of their own: creates ${pct(bareMax.cpuMicros, createMax.cpuMicros)}, reads ${pct(bareMax.cpuMicros, readMax.cpuMicros)} of its rate)`,
    );
    console.log(
      `p99 at 200 req/s:     creates ${createAt200.p99} ms, reads ${readAt200.p99} ms, bare ${bareAt200.p99} ms (goal < 15 ms)`,
    );
  } finally {
    await stopServer(gateway);
    await stopServer(bare);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
