/**
 * Shop server processes for tests (`dist/electron/server.js`, the gateway alone over PostgreSQL): a
 * process per call, its first line `ready <url>` awaited, its output kept for assertions (a password
 * must never appear in it), and a small `/v1` caller that throws on an error envelope.
 * `useShopServerCluster()` is the suite's setup: the build, a throw-away PostgreSQL cluster, and at the
 * end every server killed and the cluster stopped.
 */
import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll } from 'vitest';
import { postgresAvailable, startPostgres, type PgCluster } from './postgres.js';

const root = join(import.meta.dirname, '../..');

export interface ShopServer {
  url: string;
  child: ChildProcess;
  /** Its stdout's first line and everything on stderr so far. */
  output(): string;
}

/** Every server a test file started: killed by `stopShopServers` (in afterAll). */
const started: ShopServer[] = [];

export async function startShopServer(
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
  args: readonly string[] = [],
): Promise<ShopServer> {
  const child = spawn(
    process.execPath,
    ['dist/electron/server.js', '--port', '0', '--database', databaseUrl, ...args],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (first) => {
      output += `${first}\n`;
      resolve(first);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const url = /^ready (https?:\/\/[^\s/]+:\d+)$/.exec(line)?.[1];
  if (!url) throw new Error(`unexpected first line: ${line}`);
  const server = { url, child, output: () => output };
  started.push(server);
  return server;
}

export function stopShopServers(): void {
  for (const server of started.splice(0)) server.child.kill('SIGKILL');
}

/** Calls `/v1` and answers its `data`; an error envelope (or a dead server) throws. */
export async function v1(base: string, method: string, path: string, body?: unknown, key?: string): Promise<any> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { success: boolean; data: unknown; message: string };
  if (!answer.success) throw new Error(`${method} ${path}: ${answer.message}`);
  return answer.data;
}

export interface ShopServerCluster {
  /** Whether the suite runs here (PostgreSQL, and what `requires` asks, are present). */
  readonly available: boolean;
  /** The suite's cluster (started in beforeAll; only read inside tests). */
  readonly cluster: PgCluster;
}

/**
 * Registers the suite's beforeAll (build the server once, start a throw-away cluster) and afterAll
 * (kill every server the file started, stop the cluster). Call it at a test file's top level, before
 * the file's own hooks: its afterAll then runs after theirs. `requires` adds a condition of the suite
 * (another tool it needs), checked with PostgreSQL's.
 */
export function useShopServerCluster(options: { requires?: () => boolean } = {}): ShopServerCluster {
  const available = postgresAvailable() && (options.requires?.() ?? true);
  let cluster: PgCluster | undefined;
  beforeAll(async () => {
    if (!available) return;
    spawnSync(process.execPath, ['scripts/build.mjs', '--quiet'], { cwd: root, stdio: 'ignore' });
    cluster = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    stopShopServers();
    await cluster?.stop();
  });
  return {
    available,
    get cluster(): PgCluster {
      if (!cluster) throw new Error('the shop server cluster is not started (read it inside a test)');
      return cluster;
    },
  };
}

/** The merchant key a server over this database signs with (`server.js --print-merchant-key`). */
export function printMerchantKey(databaseUrl: string): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['dist/electron/server.js', '--database', databaseUrl, '--print-merchant-key'], {
    cwd: root,
    encoding: 'utf8',
  });
}
