/**
 * Configuration another server process may change: a `meta` row (the settings, the EVM rail, the
 * price sources) that each process keeps applied in memory. On a database shared by processes
 * (PostgreSQL) the row is read again at most every `everyMs` of real time and compared with the
 * text last applied, so a change made through one process reaches the others within that time
 * (one cheap read by primary key; no version column and no LISTEN/NOTIFY, which the synchronous
 * connection cannot carry). On the embedded gateway.db this process is the only writer: nothing is
 * read again.
 */
import { isSharedDatabase, type Db } from '../platform/db.js';
import { readMeta } from './db.js';

/** How often a server process looks for configuration changed by another (ms of real time). */
export const FOLLOW_EVERY_MS = 500;

export class MetaFollower {
  private applied: string | undefined;
  private readAt: number;
  private readonly shared: boolean;

  constructor(
    private readonly db: Db,
    private readonly key: string,
    private readonly realNow: () => number,
    private readonly everyMs: number = FOLLOW_EVERY_MS,
  ) {
    this.shared = isSharedDatabase(db);
    this.applied = readMeta(db, key);
    this.readAt = realNow();
  }

  /** The text this process applies (as read at start, or as it wrote or followed since). */
  get text(): string | undefined {
    return this.applied;
  }

  /** This process wrote `text` itself: nothing to follow. */
  wrote(text: string): void {
    this.applied = text;
  }

  /**
   * True when another process changed the row since this one last applied it (then `text` is the
   * new one); false when unchanged, not due to look again yet, or on the embedded gateway.db.
   */
  changed(): boolean {
    if (!this.shared) return false;
    const now = this.realNow();
    if (now - this.readAt < this.everyMs) return false;
    this.readAt = now;
    let stored: string | undefined;
    try {
      stored = readMeta(this.db, this.key);
    } catch {
      // The database is away for a moment (a lost connection): keep what is applied, look again later.
      return false;
    }
    if (stored === this.applied) return false;
    this.applied = stored;
    return true;
  }
}
