/**
 * Group commit for SQLite: writes that arrive in the same turn of the event loop share one
 * transaction, each inside its own savepoint. A burst of creates then pays for one commit (and
 * one write of the index pages they share) instead of one each, while every write still either
 * happens whole or not at all, and nobody hears "done" before the commit.
 */
import type { Db } from './db.js';

interface Queued {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export class GroupCommit {
  private queue: Queued[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 200,
  ) {}

  /** Runs `work` in the next group transaction; resolves after that transaction commits. */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue.splice(0, this.maxBatch);
    if (this.queue.length > 0) this.schedule();
    const settled: (() => void)[] = [];
    try {
      this.db.transaction(() => {
        for (const item of batch) {
          try {
            // A nested transaction is a savepoint: one failing write rolls back only itself.
            const value = this.db.transaction(item.work)();
            settled.push(() => item.resolve(value));
          } catch (error) {
            settled.push(() => item.reject(error));
          }
        }
      })();
    } catch (error) {
      // The commit itself failed (e.g. disk full): none of the batch happened.
      for (const item of batch) item.reject(error);
      return;
    }
    for (const settle of settled) settle();
  }
}
