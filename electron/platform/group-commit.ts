/**
 * Group commit for SQLite: writes that arrive in the same turn of the event loop (or in the next
 * few, while they keep arriving) share one transaction. A burst of creates then pays for one commit
 * (and one write of the index pages they share) instead of one each, while every write still either
 * happens whole or not at all, and nobody hears "done" before the commit. A commit costs about as
 * much as two creates' statements (docs/performance.md), so the size of a batch matters.
 *
 * A savepoint per write would isolate a failing write, but SQLite copies every page a savepoint
 * first touches into its sub-journal, which more than doubles the cost of a small write. So the
 * batch runs without savepoints and keeps that cost for when it matters: a write that fails before
 * writing anything (a refused request, the common failure) simply fails; one that fails after
 * writing part of itself rolls the whole batch back, and the batch is run again with each write
 * in its own savepoint. Works are run again only when nobody has seen their result.
 */
import { isSharedDatabase, type Db } from './db.js';

interface Queued {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

type Settle = () => void;

/** Thrown inside the batch's transaction to roll it back; never escapes this module. */
class PartialWrite extends Error {}

/**
 * SQLite itself rolled the whole transaction back (a full disk, an I/O error): every write of the
 * batch is lost, and nothing after it may run outside a transaction. Never escapes this module.
 */
class BatchLost extends Error {
  constructor(readonly reason: unknown) {
    super('the batch transaction was rolled back by SQLite');
  }
}

/**
 * PostgreSQL refused the transaction because a concurrent one (another server process) touched the
 * same rows first (40001 serialization failure, 40P01 deadlock): nothing of the batch happened, and
 * running it again sees the other's writes. SQLite, a single writer, never says this.
 */
class Conflict extends Error {
  constructor(readonly reason: unknown) {
    super('the batch conflicted with a concurrent transaction');
  }
}
const MAX_CONFLICT_RETRIES = 30;
/** Turns of the event loop a batch may wait for more writes while they keep arriving. */
const MAX_GATHER_TURNS = 4;

function isConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
}

/** Runs each write of the batch with `run`, noting how to settle it; PartialWrite, BatchLost and Conflict abort the batch. */
function settleEach(batch: Queued[], settled: Settle[], run: (work: () => unknown) => unknown): void {
  // A batch run again (a conflict on a shared database) settles with its last run's results only.
  settled.length = 0;
  for (const item of batch) {
    try {
      const value = run(item.work);
      settled.push(() => item.resolve(value));
    } catch (error) {
      if (error instanceof PartialWrite || error instanceof BatchLost) throw error;
      if (isConflict(error)) throw new Conflict(error);
      settled.push(() => item.reject(error));
    }
  }
}

export class GroupCommit {
  private queue: Queued[] = [];
  private scheduled = false;
  // Wrapped once: better-sqlite3 builds a new wrapper (and its variants) on every transaction() call.
  private readonly shared: (batch: Queued[], settled: Settle[]) => void;
  private readonly isolated: (batch: Queued[], settled: Settle[]) => void;

  /** Who asked for the write now running (see `run`); undefined between writes and for untagged ones. */
  private running: string | undefined;

  private readonly maxBatch: number;

  private batches = 0;

  /** Batch transactions committed so far (tests, and what a benchmark may report). */
  get committed(): number {
    return this.batches;
  }

  constructor(db: Db, maxBatch = 200) {
    // Shared by server processes (PostgreSQL): a big batch conflicts with any concurrent one and
    // runs again whole, so batches stay small there.
    const shared = isSharedDatabase(db);
    this.maxBatch = shared ? Math.min(maxBatch, 8) : maxBatch;
    const totalChanges = db.prepare('SELECT total_changes()').pluck();
    const written = (): number => totalChanges.get() as number;
    // A failure counts against its write alone only if the write changed nothing.
    const noSavepoint = (work: () => unknown): unknown => {
      const before = written();
      try {
        return work();
      } catch (error) {
        if (!db.inTransaction) throw new BatchLost(error);
        if (written() !== before) throw new PartialWrite();
        throw error;
      }
    };
    // Inside the batch's transaction a nested transaction is a savepoint: a failing write rolls back only itself.
    const savepoint = db.transaction((work: () => unknown) => work());
    const isolatedWrite = (work: () => unknown): unknown => {
      try {
        return savepoint(work);
      } catch (error) {
        if (!db.inTransaction) throw new BatchLost(error);
        throw error;
      }
    };
    this.shared = db.transaction((batch: Queued[], settled: Settle[]) => settleEach(batch, settled, noSavepoint));
    this.isolated = db.transaction((batch: Queued[], settled: Settle[]) => settleEach(batch, settled, isolatedWrite));
  }

  /**
   * Runs `work` in the next group transaction; resolves after that transaction commits. `asker`
   * names who asked (a client's address): while `work` runs, `asker()` answers it. A plain value
   * read synchronously, because the work runs later inside the batch: an AsyncLocalStorage did the
   * same but turned on promise hooks for every request of the process (creates -20 % in profiles).
   */
  run<T>(work: () => T, asker?: string): Promise<T> {
    const tagged =
      asker === undefined
        ? work
        : () => {
            this.running = asker;
            try {
              return work();
            } finally {
              this.running = undefined;
            }
          };
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work: tagged, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /** Who asked for the write running now (`run`'s `asker`), or undefined. */
  asker(): string | undefined {
    return this.running;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.gather(this.queue.length, 0);
  }

  /**
   * Flushes on the next turn of the event loop, or a few turns later while writes are still
   * arriving: each turn reads what the sockets have (no waiting), so a burst of clients lands in
   * one commit. A lone write waits one turn, as before.
   */
  private gather(seen: number, turns: number): void {
    setImmediate(() => {
      const waiting = this.queue.length;
      if (waiting > seen && waiting < this.maxBatch && turns < MAX_GATHER_TURNS) this.gather(waiting, turns + 1);
      else this.flush();
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue.splice(0, this.maxBatch);
    if (this.queue.length > 0) this.schedule();
    let settled: Settle[];
    try {
      for (let attempt = 0; ; attempt++) {
        settled = [];
        try {
          try {
            this.shared(batch, settled);
          } catch (error) {
            if (!(error instanceof PartialWrite)) throw error;
            settled = [];
            this.isolated(batch, settled);
          }
          break;
        } catch (error) {
          // Nobody has seen a result yet: the whole batch runs again, up to a bound.
          const conflict = error instanceof Conflict || isConflict(error);
          if (!conflict || attempt >= MAX_CONFLICT_RETRIES) throw error instanceof Conflict ? error.reason : error;
        }
      }
    } catch (error) {
      // The commit itself failed, or SQLite rolled the batch back (e.g. disk full): none of it happened.
      const reason = error instanceof BatchLost ? error.reason : error;
      for (const item of batch) item.reject(reason);
      return;
    }
    this.batches++;
    for (const settle of settled) settle();
  }
}
