/**
 * Values read from SQLite as committed, kept in memory for the reads that dominate traffic
 * (result polling). A value read inside a transaction is not remembered, as that transaction
 * may yet roll back; the owner of the memo forgets a key before every write of it, so what is
 * remembered is always the committed state. Callers get copies and may change them freely.
 */
import { isSharedDatabase, type Db } from './db.js';

export class CommittedMemo<V> {
  private readonly values = new Map<string, V>();

  constructor(
    private readonly db: Db,
    private readonly copy: (value: V) => V,
    private readonly limit = 5000,
  ) {}

  /** The value for `key`: remembered, or `load`ed (and remembered when read outside a transaction). */
  get(key: string, load: () => V | undefined): V | undefined {
    const known = this.values.get(key);
    if (known !== undefined) return this.copy(known);
    const value = load();
    // A database other processes write too (PostgreSQL, platform/pg-sync): nothing is remembered.
    if (value !== undefined && !this.db.inTransaction && !isSharedDatabase(this.db)) {
      if (this.values.size >= this.limit) this.values.clear(); // bounded memory
      this.values.set(key, this.copy(value));
    }
    return value;
  }

  forget(key: string): void {
    this.values.delete(key);
  }

  forgetAll(): void {
    this.values.clear();
  }
}
