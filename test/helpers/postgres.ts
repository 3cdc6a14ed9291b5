/**
 * A real PostgreSQL for tests: a throw-away cluster per test file (initdb, pg_ctl on a free loopback
 * port, in a temp directory the `postgres` user owns when we run as root, since PostgreSQL refuses
 * root), and a fresh database per test. Where PostgreSQL is absent the suites report one
 * "skipped: no PostgreSQL" line, unless E2E=required (as .ci/run sets), which makes it a failure.
 *
 * The superuser `paydesk` has a password and TCP connections must give it (scram-sha-256), so the
 * tests can also show a wrong password being refused; the Unix socket (for pg_ctl) is trusted.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const PG_USER = 'paydesk';
/** The test cluster's superuser password (it exists only inside the throw-away cluster). */
export const PG_PASSWORD = 'pw-Zq8!x%2Fsecret';

/** The directory holding initdb and pg_ctl: PG_BIN if set (and then only it), else Debian's newest, else PATH. */
export function findPgBin(): string | undefined {
  const hasTools = (dir: string): boolean => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
  // PG_BIN, when set, is the only place looked at (so a machine without PostgreSQL can be imitated).
  if (process.env.PG_BIN) return hasTools(process.env.PG_BIN) ? process.env.PG_BIN : undefined;
  const candidates: string[] = [];
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => join(debian, v, 'bin')));
  }
  candidates.push(...(process.env.PATH ?? '').split(':').filter(Boolean));
  return candidates.find(hasTools);
}

const isRoot = (): boolean => process.getuid?.() === 0;

function postgresUserIds(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

let reported = false;
/** True when a cluster can be started; prints the skip line once when it cannot and skipping is allowed. */
export function postgresAvailable(): boolean {
  const bin = findPgBin();
  const runnable = bin !== undefined && (!isRoot() || postgresUserIds() !== undefined);
  if (runnable) return true;
  if (process.env.E2E === 'required')
    throw new Error('E2E=required but no PostgreSQL was found (apt-get install postgresql)');
  if (!reported) {
    reported = true;
    process.stdout.write('skipped: no PostgreSQL\n');
  }
  return false;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface PgCluster {
  port: number;
  /** postgres://paydesk:<password>@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** A new empty database for one test; returns its URL. */
  freshDatabase(): Promise<string>;
  /** A connected client to a database of this cluster (closed by the caller). */
  connect(url: string): Promise<pg.Client>;
  stop(): Promise<void>;
  /** Its data directory (postmaster.pid is there): for benchmarks that kill or copy the cluster. */
  dataDir?: string;
}

/** Runs a cluster program, as `postgres` when we are root. */
function runPg(bin: string, program: string, args: string[]): string {
  const file = join(bin, program);
  const [command, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return execFileSync(command, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** `durable`: fsync on, as a real server runs (benchmarks); tests leave it off. */
export async function startPostgres(options: { durable?: boolean } = {}): Promise<PgCluster> {
  const bin = findPgBin();
  if (!bin) throw new Error('no PostgreSQL binaries found');
  const root = mkdtempSync(join(tmpdir(), 'pd-pg-'));
  const dataDir = join(root, 'data');
  const pwFile = join(root, 'pw');
  writeFileSync(pwFile, `${PG_PASSWORD}\n`, { mode: 0o600 });
  if (isRoot()) {
    const owner = postgresUserIds()!;
    chownSync(root, owner.uid, owner.gid);
    chownSync(pwFile, owner.uid, owner.gid);
  }
  chmodSync(root, 0o700);
  runPg(bin, 'initdb', [
    '-D',
    dataDir,
    '-U',
    PG_USER,
    '--pwfile',
    pwFile,
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  let port = 0;
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    try {
      // fsync off: a throw-away cluster need not survive a power cut, and the shared disk is busy.
      const unsafe = options.durable ? '' : ' -c fsync=off -c full_page_writes=off';
      runPg(bin, 'pg_ctl', [
        '-D',
        dataDir,
        '-l',
        join(root, 'log'),
        '-o',
        `-p ${port} -k ${root} -c listen_addresses=127.0.0.1${unsafe}`,
        '-w',
        'start',
      ]);
      break;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
  const url = (database = 'postgres'): string =>
    `postgres://${PG_USER}:${encodeURIComponent(PG_PASSWORD)}@127.0.0.1:${port}/${database}`;
  const connect = async (target: string): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: target });
    // A cluster stopped under an open client ends it with an error event: not a test failure.
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };
  // A test file that fails before its afterAll has the cluster, or a worker that is killed, must not
  // leave a server running: a watchdog stops it once this process is gone (vitest ends its workers
  // without an 'exit' event).
  const unwatch = watchCluster(bin, dataDir, root);
  let stopped = false;
  const stopNow = (): void => {
    if (stopped) return;
    stopped = true;
    unwatch();
    try {
      runPg(bin, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };
  let databases = 0;
  return {
    port,
    dataDir,
    url,
    connect,
    async freshDatabase() {
      const name = `t${++databases}_${process.pid}`;
      const admin = await connect(url());
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    async stop() {
      stopNow();
    },
  };
}

/** A streaming standby of a cluster: read-only until promoted. */
export interface PgStandby extends PgCluster {
  dataDir: string;
  /** `pg_ctl promote -w`: returns once it accepts writes; resolves to the milliseconds it took. */
  promote(): Promise<number>;
}

/** Stops a cluster's postmaster once this process is gone, then removes its directory (as startPostgres's watchdog). */
function watchCluster(bin: string, dataDir: string, root: string): () => void {
  const stopCommand = [...(isRoot() ? ['runuser', '-u', 'postgres', '--'] : []), join(bin, 'pg_ctl')];
  const watchdog = spawn(
    'sh',
    [
      '-c',
      'while kill -0 "$0" 2>/dev/null; do sleep 1; done; "$@" -D "$DATA" -m fast -w stop; rm -rf "$ROOT"',
      String(process.pid),
      ...stopCommand,
    ],
    { detached: true, stdio: 'ignore', env: { ...process.env, DATA: dataDir, ROOT: root } },
  );
  watchdog.unref();
  return () => {
    try {
      if (watchdog.pid) process.kill(watchdog.pid);
    } catch {
      // already gone
    }
  };
}

/**
 * A hot standby of `primary` (one started by startPostgres, so the `paydesk` superuser may replicate
 * over loopback): `pg_basebackup -R -X stream` into a new directory (owned by `postgres` when we are
 * root), started on a free port; it follows the primary by streaming replication (asynchronous unless
 * the primary lists it in `synchronous_standby_names`); `settings` are extra server settings (`-c`). Stopped like startPostgres's clusters: by
 * `stop()`, or by a watchdog once this process is gone.
 */
export async function startStandby(
  primary: PgCluster,
  options: { settings?: Record<string, string> } = {},
): Promise<PgStandby> {
  const bin = findPgBin();
  if (!bin) throw new Error('no PostgreSQL binaries found');
  const root = mkdtempSync(join(tmpdir(), 'pd-pg-standby-'));
  const dataDir = join(root, 'data');
  if (isRoot()) {
    const owner = postgresUserIds()!;
    chownSync(root, owner.uid, owner.gid);
  }
  chmodSync(root, 0o700);
  const file = join(bin, 'pg_basebackup');
  const args = ['-h', '127.0.0.1', '-p', String(primary.port), '-U', PG_USER, '-D', dataDir, '-R', '-X', 'stream'];
  const [command, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  // -R writes primary_conninfo (with this password) into the standby's postgresql.auto.conf.
  execFileSync(command, [...argv, '-c', 'fast', '--no-sync'], {
    env: { ...process.env, PGPASSWORD: PG_PASSWORD },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await freePort();
  runPg(bin, 'pg_ctl', [
    '-D',
    dataDir,
    '-l',
    join(root, 'log'),
    '-o',
    `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c hot_standby=on${Object.entries(options.settings ?? {})
      .map(([name, value]) => ` -c ${name}=${value}`)
      .join('')}`,
    '-w',
    'start',
  ]);
  const unwatch = watchCluster(bin, dataDir, root);
  const url = (database = 'postgres'): string =>
    `postgres://${PG_USER}:${encodeURIComponent(PG_PASSWORD)}@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    port,
    dataDir,
    url,
    async connect(target: string) {
      const client = new pg.Client({ connectionString: target });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    },
    async freshDatabase() {
      throw new Error('a standby is read-only: make the database on its primary');
    },
    async promote() {
      const started = performance.now();
      runPg(bin, 'pg_ctl', ['-D', dataDir, '-w', 'promote']);
      return performance.now() - started;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      unwatch();
      try {
        runPg(bin, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
