/**
 * Leases on due work that only one server process may do at a time (a chain's scanner): a row of
 * `meta` (`lease:<name>`, JSON `{owner, untilMs}`) taken or renewed by compare-and-set inside a
 * transaction (SERIALIZABLE on PostgreSQL: of two processes taking a free lease at once, one is
 * refused and runs again, then finds the other's). A process that dies stops renewing; when its
 * lease ends (gateway clock) another takes it. Taking the lease again inside the transaction that
 * writes the work's result fences a holder that lost it while it waited on a node.
 * On the embedded SQLite gateway there is only one process: it always holds, and nothing is written.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Clock } from '../platform/clock.js';
import { isSharedDatabase, type Db } from '../platform/db.js';
import { readMeta, writeMeta } from './db.js';

export interface LeaseHolder {
  owner: string;
  untilMs: number;
}

const key = (name: string) => `lease:${name}`;

/** This process's name in lease rows: readable in the database, unique across restarts. */
export function leaseOwnerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

function parseHolder(raw: string | undefined): LeaseHolder | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<LeaseHolder>;
    if (typeof value.owner === 'string' && typeof value.untilMs === 'number')
      return { owner: value.owner, untilMs: value.untilMs };
  } catch {
    // A damaged row is a free lease: the next taker overwrites it.
  }
  return undefined;
}

export class Leases {
  private readonly shared: boolean;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly owner: string = leaseOwnerId(),
    shared: boolean = isSharedDatabase(db),
  ) {
    this.shared = shared;
  }

  /**
   * Takes the lease, or renews it when this process holds it, for `ms` from now; true when this
   * process holds it afterwards. Call it inside the transaction that writes the work's result to
   * fence it (a nested call is a savepoint).
   */
  hold(name: string, ms: number): boolean {
    if (!this.shared) return true;
    return this.db.transaction(() => {
      const now = this.clock.now();
      const current = parseHolder(readMeta(this.db, key(name)));
      if (current && current.owner !== this.owner && current.untilMs > now) return false;
      writeMeta(this.db, key(name), JSON.stringify({ owner: this.owner, untilMs: now + ms }));
      return true;
    })();
  }

  /** Gives the lease up at once (a clean stop), so another process need not wait for it to end. */
  release(name: string): void {
    if (!this.shared) return;
    this.db.transaction(() => {
      if (parseHolder(readMeta(this.db, key(name)))?.owner === this.owner)
        writeMeta(this.db, key(name), JSON.stringify({ owner: '', untilMs: 0 }));
    })();
  }

  /** Who holds the lease and until when (undefined: never taken, or damaged). */
  holder(name: string): LeaseHolder | undefined {
    return parseHolder(readMeta(this.db, key(name)));
  }
}
