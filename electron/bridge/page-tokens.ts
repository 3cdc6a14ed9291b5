/**
 * The headless host's page tokens: every GET / (the till's page) gets a new random token, and each token is
 * its own PosApi connection (its own staff session), so a second tab, another browser or a process that
 * fetches / starts signed out. The page keeps its token in sessionStorage, so a reload of the same tab
 * presents it again and keeps its session (README "Security").
 *
 * The table is in memory and bounded: at most MAX_PAGE_TOKENS live tokens, the least recently used one
 * dropped first (a token with an open event stream, a tab that is open, only when every token has one).
 * A token without an open stream that has not been used for longer than the idle lock is dropped too:
 * its staff session would have ended by then anyway, and a tab closed that long ago will not come back;
 * an open tab keeps its event stream, so its token stays however long the counter is quiet.
 * Whenever a token is dropped (evicted for room, replaced by a reloaded tab's kept one, or expired), its
 * connection is handed to `onDrop` with the reason, so the staff session it carried ends (and says why in
 * the audit log) instead of standing "signed in" on a connection nobody can reach any more.
 * Tokens are looked up by their SHA-256, so the lookup's timing says nothing about a token's bytes, and a
 * token is never the connection's name (audit lines and logs see only `page:<n>`).
 */
import { createHash } from 'node:crypto';

export const MAX_PAGE_TOKENS = 64;

interface PageEntry {
  connection: string;
  lastUsedAt: number;
  streams: number;
}

/** Why a token was dropped: room for a newer page, a reloaded tab gave it back, or unused past the idle lock. */
export type PageDropReason = 'evicted' | 'replaced' | 'expired';

export interface PageTokenDeps {
  mint: () => string;
  now: () => number;
  /** How long an unused token without an open stream is kept: the idle lock's time. */
  idleMs: () => number;
  max?: number;
  /** Told of every dropped token's connection (its staff session ends). */
  onDrop?: (connection: string, reason: PageDropReason) => void;
}

const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

export class PageTokens {
  /** By the token's digest, in order of last use (a Map keeps insertion order). */
  private readonly live = new Map<string, PageEntry>();
  private minted = 0;

  constructor(private readonly deps: PageTokenDeps) {}

  /** A new token for a page just served. */
  issue(): string {
    this.sweep();
    const token = this.deps.mint();
    this.minted += 1;
    this.live.set(digest(token), { connection: `page:${this.minted}`, lastUsedAt: this.deps.now(), streams: 0 });
    while (this.live.size > (this.deps.max ?? MAX_PAGE_TOKENS)) this.dropOldest();
    return token;
  }

  /** The connection of a token this host minted and still holds (and marks it used), else undefined. */
  use(token: string | undefined): string | undefined {
    if (!token) return undefined;
    this.sweep();
    const key = digest(token);
    const entry = this.live.get(key);
    if (!entry) return undefined;
    entry.lastUsedAt = this.deps.now();
    this.live.delete(key);
    this.live.set(key, entry);
    return entry.connection;
  }

  /** An event stream opened with the token: kept while it is open. Answers the call that closes it. */
  hold(token: string): () => void {
    const entry = this.live.get(digest(token));
    if (!entry) return () => undefined;
    entry.streams += 1;
    return () => {
      entry.streams -= 1;
      entry.lastUsedAt = this.deps.now();
    };
  }

  /** Drops a token (a page that kept its earlier one gives back the fresh one it was served). */
  drop(token: string): void {
    this.remove(digest(token), 'replaced');
  }

  get size(): number {
    return this.live.size;
  }

  private sweep(): void {
    const oldest = this.deps.now() - this.deps.idleMs();
    for (const [key, entry] of this.live) {
      if (entry.streams === 0 && entry.lastUsedAt < oldest) this.remove(key, 'expired');
    }
  }

  private remove(key: string, reason: PageDropReason): void {
    const entry = this.live.get(key);
    if (!entry) return;
    this.live.delete(key);
    this.deps.onDrop?.(entry.connection, reason);
  }

  private dropOldest(): void {
    for (const [key, entry] of this.live) {
      if (entry.streams === 0) {
        this.remove(key, 'evicted');
        return;
      }
    }
    const first = this.live.keys().next();
    if (!first.done) this.remove(first.value, 'evicted');
  }
}
