/**
 * Due work in till.db (docs/architecture.md, "Due work"): what the till owes each order, as rows found
 * by time, so a restart, even `kill -9`, resumes exactly what was due. One row per order and kind:
 *   - `poll`: ask the gateway for the order's result (open at the gateway; by its age, work/cadence.ts);
 *   - `send`: create the queued order at the gateway again (write ahead: same identifiers);
 *   - `refresh`: renew the instruction when its window ends. That end is on the gateway's clock (the
 *     sandbox clock may run ahead), kept in `gateway_due_at`; `due_at` is it on the till's clock as
 *     last learned, and follows when the till learns the gateway's clock moved.
 * A row is claimed in memory by the scheduler (one till process per data directory) and done in the
 * transaction that writes the work's outcome: deleted, or due again later. This module holds all SQL
 * on `due_work`.
 */
import type { Db } from '../../platform/db.js';

export type DueKind = 'poll' | 'send' | 'refresh';

export interface DueItem {
  orderId: string;
  kind: DueKind;
  dueAt: number;
}

interface DueRow {
  order_id: string;
  kind: DueKind;
  due_at: number;
}

const item = (row: DueRow): DueItem => ({ orderId: row.order_id, kind: row.kind, dueAt: row.due_at });

export class DueWork {
  private readonly upsert;
  private readonly upsertSooner;
  private readonly reschedule;
  private readonly remove;
  private readonly removeAll;
  private readonly dueRows;
  private readonly dueSends;
  private readonly deferSendRows;
  private readonly pokePollRows;
  private readonly followRows;
  private readonly rowsOf;
  private readonly count;

  constructor(readonly db: Db) {
    this.upsert = db.prepare(
      `INSERT INTO due_work (order_id, kind, due_at, gateway_due_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (order_id, kind) DO UPDATE SET due_at = excluded.due_at, gateway_due_at = excluded.gateway_due_at`,
    );
    this.upsertSooner = db.prepare(
      `INSERT INTO due_work (order_id, kind, due_at) VALUES (?, ?, ?)
       ON CONFLICT (order_id, kind) DO UPDATE SET due_at = min(due_at, excluded.due_at)`,
    );
    this.reschedule = db.prepare('UPDATE due_work SET due_at = ?, gateway_due_at = 0 WHERE order_id = ? AND kind = ?');
    this.remove = db.prepare('DELETE FROM due_work WHERE order_id = ? AND kind = ?');
    this.removeAll = db.prepare('DELETE FROM due_work WHERE order_id = ?');
    this.dueRows = db.prepare(
      "SELECT order_id, kind, due_at FROM due_work WHERE kind != 'send' AND due_at <= ? ORDER BY due_at, id LIMIT ?",
    );
    // Sends go in the order the orders were written (offline orders reach the gateway in the order taken).
    this.dueSends = db.prepare(
      "SELECT order_id, kind, due_at FROM due_work WHERE kind = 'send' AND due_at <= ? ORDER BY id LIMIT ?",
    );
    this.deferSendRows = db.prepare("UPDATE due_work SET due_at = max(due_at, ?) WHERE kind = 'send'");
    this.pokePollRows = db.prepare("UPDATE due_work SET due_at = min(due_at, ?) WHERE kind = 'poll'");
    this.followRows = db.prepare('UPDATE due_work SET due_at = gateway_due_at - ? WHERE gateway_due_at > 0');
    this.rowsOf = db.prepare('SELECT order_id, kind, due_at FROM due_work WHERE order_id = ? ORDER BY id');
    this.count = db.prepare('SELECT count(*) FROM due_work').pluck();
  }

  /** Work due at `dueAt` on the till's clock (replacing the time of the same work if it was due already). */
  schedule(orderId: string, kind: DueKind, dueAt: number): void {
    this.upsert.run(orderId, kind, dueAt, 0);
  }

  /** Work due when the gateway's clock reads `gatewayDueAt`, which is `dueAt` on the till's clock as last learned. */
  scheduleByGateway(orderId: string, kind: DueKind, gatewayDueAt: number, dueAt: number): void {
    this.upsert.run(orderId, kind, dueAt, gatewayDueAt);
  }

  /** Work due at `dueAt` at the latest (an earlier due time stays). */
  sooner(orderId: string, kind: DueKind, dueAt: number): void {
    this.upsertSooner.run(orderId, kind, dueAt);
  }

  /** Claimed work is done: gone, or (`next`) due again then, on the till's clock. */
  finish(orderId: string, kind: DueKind, next?: number): void {
    if (next === undefined) this.remove.run(orderId, kind);
    else this.reschedule.run(next, orderId, kind);
  }

  /** The order owes nothing any more (it ended). */
  clear(orderId: string): void {
    this.removeAll.run(orderId);
  }

  /** Polls and refreshes due at `nowMs`, the earliest first. */
  due(nowMs: number, limit: number): DueItem[] {
    return (this.dueRows.all(nowMs, limit) as DueRow[]).map(item);
  }

  /** Sends due at `nowMs`, the oldest order first. */
  dueSendsAt(nowMs: number, limit: number): DueItem[] {
    return (this.dueSends.all(nowMs, limit) as DueRow[]).map(item);
  }

  /** The gateway cannot be reached: the whole queue waits until `untilMs`, so it keeps its order. */
  deferSends(untilMs: number): void {
    this.deferSendRows.run(untilMs);
  }

  /** Every watched order's poll is due now (a sandbox block or clock move may have changed them). */
  pokePolls(nowMs: number): void {
    this.pokePollRows.run(nowMs);
  }

  /** The gateway's clock runs `offsetMs` ahead of the till's: work timed by it is due then on the till's clock. */
  followGatewayClock(offsetMs: number): void {
    this.followRows.run(Math.round(offsetMs));
  }

  of(orderId: string): DueItem[] {
    return (this.rowsOf.all(orderId) as DueRow[]).map(item);
  }

  size(): number {
    return this.count.get() as number;
  }
}
