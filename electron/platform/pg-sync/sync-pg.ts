/**
 * PostgreSQL answered synchronously: one connection owned by a worker thread, and a caller that
 * blocks (Atomics.wait) until the worker has the answer. This is how the gateway's core, written as
 * synchronous transactions over better-sqlite3 (one writer, group commit, a pure result machine),
 * runs unchanged over PostgreSQL (docs/scaling.md, "One interface, two engines"): no store and no
 * endpoint becomes async, so the embedded SQLite path keeps its throughput untouched. The price is
 * that a process waits for each round trip (about 0.2 ms on loopback), so one process serves a few
 * thousand statements a second and a shop server scales by adding processes.
 */
import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

// Plain CommonJS run with `eval`, so it needs no file of its own in the bundle or the package (as
// platform/checkpointer.ts). bigint columns (our integers: ms times, counts, flags) come back as
// numbers, as better-sqlite3 gives them; every one of them fits in 2^53.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const flag = new Int32Array(workerData.signal);
const port = workerData.port;
const LOST = '08006';
let pg;
let client;
let broken;
let ready = Promise.resolve();
// Connection states: a statement inside a transaction whose connection ended must not run on a new
// connection (it would run outside the transaction, and the rest after it too): it is refused until
// the caller ends that transaction, which the server already rolled back.
let inTransaction = false;
let retryAt = 0;
const types = {
  getTypeParser: (oid, format) => (oid === 20 ? (text) => Number(text) : pg.types.getTypeParser(oid, format)),
};
function connect() {
  broken = undefined;
  try {
    pg = pg || require(workerData.pgModule);
    const next = new pg.Client({ ...workerData.config, types });
    next.on('error', (error) => { if (client === next) broken = error; });
    client = next;
    ready = next.connect().catch((error) => { if (client === next) broken = error; });
  } catch (error) {
    broken = error;
    ready = Promise.resolve();
  }
}
connect();
// An error of the connection rather than of the statement: no SQLSTATE (the socket closed), or the
// classes of a lost connection and of a server shutting down.
const isLost = (error) => {
  const code = error && error.code;
  return typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code) || code.startsWith('08') || /^57P0[123]$/.test(code);
};
async function reconnect() {
  // While the server stays away, each statement fails at once instead of waiting on a connect again.
  if (Date.now() < retryAt) throw broken;
  try { client.end().catch(() => undefined); } catch {}
  connect();
  await ready;
  if (broken) {
    retryAt = Date.now() + 1000;
    throw broken;
  }
}
const answer = (reply) => {
  port.postMessage(reply);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
};
port.on('message', async (message) => {
  if (message.close) {
    if (client) await client.end().catch(() => undefined);
    answer({ ok: true, rows: [], rowCount: 0 });
    port.close();
    return;
  }
  const begins = /^\\s*BEGIN\\b/i.test(message.sql);
  const ends = /^\\s*(COMMIT|ROLLBACK)\\s*$/i.test(message.sql);
  try {
    await ready;
    if (broken) {
      if (inTransaction) {
        if (/^\\s*ROLLBACK\\s*$/i.test(message.sql)) {
          inTransaction = false;
          answer({ ok: true, rows: [], rowCount: 0 });
          return;
        }
        throw Object.assign(new Error('the connection to PostgreSQL ended inside this transaction; nothing of it was saved'), { code: LOST });
      }
      await reconnect();
    }
    const result = await client.query({ text: message.sql, values: message.params });
    if (begins) inTransaction = true;
    if (ends) inTransaction = false;
    answer({ ok: true, rows: result.rows ?? [], rowCount: result.rowCount ?? 0 });
  } catch (error) {
    const lost = isLost(error);
    if (lost && !broken) broken = error;
    if (ends) inTransaction = false;
    answer({ ok: false, message: String(error && error.message || error), code: lost ? LOST : error.code });
  }
});
`;

/** What PostgreSQL answered to one statement. */
export interface PgAnswer {
  rows: Record<string, unknown>[];
  rowCount: number;
}

/** A statement PostgreSQL refused: `code` is its SQLSTATE (40001 serialization failure, 23505 unique, ...). */
export class PgError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'PgError';
  }
}

export interface SyncPgConfig {
  /** A postgres:// URL, or the parts below. */
  connectionString?: string;
  host?: string;
  port?: number;
  user?: string;
  password?: string;
  database?: string;
  /** How long one statement may take before the caller gives up on the connection (ms). */
  statementTimeoutMs?: number;
}

type Reply =
  { ok: true; rows: Record<string, unknown>[]; rowCount: number } | { ok: false; message: string; code: string };

export class SyncPg {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly flag: Int32Array;
  private readonly waitMs: number;
  private closed = false;

  constructor(config: SyncPgConfig) {
    const signal = new SharedArrayBuffer(4);
    this.flag = new Int32Array(signal);
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.waitMs = (config.statementTimeoutMs ?? 30_000) + 5_000;
    const pgModule = createRequire(import.meta.url).resolve('pg');
    const { statementTimeoutMs = 30_000, ...connection } = config;
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        pgModule,
        signal,
        port: port2,
        // The server ends a statement that runs too long, so a stuck query fails instead of hanging the caller.
        // A connect that hangs (an unreachable host) gives up, so a lost server fails statements instead of stalling.
        config: {
          ...connection,
          statement_timeout: statementTimeoutMs,
          connectionTimeoutMillis: 5000,
          application_name: 'paydesk',
        },
      },
      transferList: [port2],
    });
    this.worker.unref();
  }

  /** Runs one statement with `$1..$n` parameters and waits for its answer. */
  query(sql: string, params: readonly unknown[] = []): PgAnswer {
    if (this.closed) throw new PgError('the PostgreSQL connection is closed', '08003');
    const reply = this.roundTrip({ sql, params });
    if (!reply.ok) throw new PgError(reply.message, reply.code);
    return { rows: reply.rows, rowCount: reply.rowCount };
  }

  close(): void {
    if (this.closed) return;
    this.roundTrip({ close: true });
    this.closed = true;
    void this.worker.terminate();
  }

  private roundTrip(message: object): Reply {
    Atomics.store(this.flag, 0, 0);
    this.port.postMessage(message);
    const deadline = Date.now() + this.waitMs;
    for (;;) {
      // The worker posts its answer, then raises the flag: the answer may be readable a moment
      // after the flag is seen, so the port is read again until it is.
      const received = receiveMessageOnPort(this.port);
      if (received) return received.message as Reply;
      const left = deadline - Date.now();
      if (left <= 0) {
        this.closed = true;
        void this.worker.terminate();
        throw new PgError(`PostgreSQL did not answer within ${this.waitMs} ms`, '57014');
      }
      if (Atomics.load(this.flag, 0) === 0) Atomics.wait(this.flag, 0, 0, Math.min(left, 1000));
    }
  }
}
