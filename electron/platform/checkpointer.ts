/**
 * Moves SQLite's WAL checkpoints off the main thread. A checkpoint copies the WAL into the
 * database and fsyncs; on the main thread it stalls every request behind it (tens of ms), so a
 * worker with its own connection checkpoints on a timer instead. The main connection keeps a
 * high auto-checkpoint as a safety net should the worker ever fall behind or die.
 */
import { Worker } from 'node:worker_threads';

// Plain CommonJS run with `eval`, so it needs no file of its own in the bundle or the package.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.sqliteModule);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { parentPort.postMessage({ error: String(error) }); }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  db.close();
  // Nothing is left to run: the thread ends by itself (never terminated mid-checkpoint).
  parentPort.close();
});
`;

export interface Checkpointer {
  close(): Promise<void>;
}

export interface CheckpointerOptions {
  /** The database file (WAL mode). */
  file: string;
  /** Resolved path of the better-sqlite3 module, as the calling shell resolves it. */
  sqliteModule: string;
  intervalMs?: number;
  onError?: (message: string) => void;
}

export function startCheckpointer({
  file,
  sqliteModule,
  intervalMs = 100,
  onError,
}: CheckpointerOptions): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, sqliteModule, intervalMs } });
  worker.unref();
  let closed: Promise<void> | undefined;
  worker.on('message', (message: { error?: string }) => {
    if (message.error) onError?.(message.error);
  });
  worker.on('error', (error) => onError?.(String(error)));
  return {
    close() {
      closed ??= new Promise<void>((resolve) => {
        // Keep the process alive until the worker is gone, or an exiting host would stop here.
        worker.ref();
        worker.once('exit', () => resolve());
        // Never terminated from outside: killing a thread while it loads or runs native code can
        // take the whole process down. A stuck worker is left to the host's close watchdog.
        worker.postMessage('close');
      });
      return closed;
    },
  };
}
