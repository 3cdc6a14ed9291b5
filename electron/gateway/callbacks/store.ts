/**
 * The callback outbox and its delivery log. A status change that calls for a callback inserts
 * its delivery row in the same transaction as the change (`enqueueDelivery` takes the caller's
 * db handle and does not open a transaction of its own). Times are gateway-clock milliseconds.
 */
import { isSharedDatabase, type Db } from '../../platform/db.js';
import type { CallbackEvent } from '../../../shared/wire.js';
import { MAX_ATTEMPTS, nextAttemptAt } from './schedule.js';

export type DeliveryStatus = 'pending' | 'delivered' | 'exhausted';

export interface NewDelivery {
  deliveryId: string;
  traceId: string;
  event: CallbackEvent;
  url: string;
  origin: string;
  body: string;
  nowMs: number;
}

export interface DueDelivery {
  deliveryId: string;
  traceId: string;
  event: CallbackEvent;
  url: string;
  origin: string;
  body: string;
  attemptsMade: number;
  nextAttemptAt: number;
}

export interface AttemptRecord {
  at: number;
  httpStatus: number;
  durationMs: number;
  error: string;
  responseExcerpt: string;
}

export interface DeliveryLogItem {
  deliveryId: string;
  traceId: string;
  event: CallbackEvent;
  url: string;
  status: DeliveryStatus;
  nextAttemptAt: number | null;
  attempts: AttemptRecord[];
}

interface DeliveryRow {
  delivery_id: string;
  trace_id: string;
  event: CallbackEvent;
  url: string;
  origin: string;
  body: string;
  status: DeliveryStatus;
  attempts_made: number;
  next_attempt_at: number | null;
}

interface AttemptRow {
  delivery_id: string;
  at: number;
  http_status: number;
  duration_ms: number;
  error: string;
  response_excerpt: string;
}

/** Prepared statements over one connection. */
export class CallbackStore {
  private readonly insert;
  private readonly due;
  private readonly dueOfOrigin;
  private readonly nextDue;
  private readonly byId;
  private readonly attemptCount;
  private readonly insertAttempt;
  private readonly markDelivered;
  private readonly markRetry;
  private readonly byTrace;
  private readonly attemptsOf;
  private readonly restart;
  private readonly claimDue;
  /** Other server processes run this outbox too (PostgreSQL): an attempt is claimed first. */
  private readonly shared: boolean;

  constructor(private readonly db: Db) {
    this.shared = isSharedDatabase(db);
    this.claimDue = db.prepare(
      `UPDATE callback_deliveries SET next_attempt_at = ? WHERE delivery_id = ? AND status = 'pending' AND next_attempt_at = ?`,
    );
    this.insert = db.prepare(
      `INSERT INTO callback_deliveries (delivery_id, trace_id, event, url, origin, body, status, attempts_made, next_attempt_at, created_at, updated_at)
       VALUES (@deliveryId, @traceId, @event, @url, @origin, @body, 'pending', 0, @nowMs, @nowMs, @nowMs)`,
    );
    this.due = db.prepare(
      // Saturated origins and in-flight deliveries are left out in SQL, so a dead endpoint's
      // backlog can never fill the page and starve healthy endpoints (no head-of-line blocking).
      `SELECT * FROM callback_deliveries
        WHERE status = 'pending' AND next_attempt_at <= ?
          AND origin NOT IN (SELECT value FROM json_each(?))
          AND delivery_id NOT IN (SELECT value FROM json_each(?))
        ORDER BY next_attempt_at, created_at LIMIT ?`,
    );
    this.dueOfOrigin = db.prepare(
      `SELECT * FROM callback_deliveries
        WHERE status = 'pending' AND origin = ? AND next_attempt_at <= ?
          AND delivery_id NOT IN (SELECT value FROM json_each(?))
        ORDER BY next_attempt_at LIMIT ?`,
    );
    this.nextDue = db.prepare(`SELECT min(next_attempt_at) AS at FROM callback_deliveries WHERE status = 'pending'`);
    this.byId = db.prepare('SELECT * FROM callback_deliveries WHERE delivery_id = ?');
    this.attemptCount = db.prepare('SELECT count(*) AS n FROM callback_attempts WHERE delivery_id = ?');
    this.insertAttempt = db.prepare(
      `INSERT INTO callback_attempts (delivery_id, n, at, http_status, duration_ms, error, response_excerpt) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.markDelivered = db.prepare(
      `UPDATE callback_deliveries SET status = 'delivered', attempts_made = attempts_made + 1, next_attempt_at = NULL, updated_at = ? WHERE delivery_id = ?`,
    );
    this.markRetry = db.prepare(
      `UPDATE callback_deliveries SET status = ?, attempts_made = ?, next_attempt_at = ?, updated_at = ? WHERE delivery_id = ?`,
    );
    this.byTrace = db.prepare('SELECT * FROM callback_deliveries WHERE trace_id = ? ORDER BY created_at, delivery_id');
    this.attemptsOf = db.prepare('SELECT * FROM callback_attempts WHERE delivery_id = ? ORDER BY n');
    this.restart = db.prepare(
      `UPDATE callback_deliveries SET status = 'pending', attempts_made = 0, next_attempt_at = ?, updated_at = ? WHERE delivery_id = ? AND status != 'pending'`,
    );
  }

  /**
   * Takes a due delivery for one attempt. Where several server processes share the outbox, the one
   * that moves its due time to `leaseUntilMs` (compare-and-set on the time it saw) makes the
   * attempt and the others skip it; a process that dies mid-attempt leaves it due again when the
   * lease ends, so no attempt waits on a dead process. One process alone never needs to: true.
   */
  claim(delivery: Pick<DueDelivery, 'deliveryId' | 'nextAttemptAt'>, leaseUntilMs: number): boolean {
    if (!this.shared) return true;
    return this.claimDue.run(leaseUntilMs, delivery.deliveryId, delivery.nextAttemptAt).changes === 1;
  }

  /** Inserts a delivery due now. Call inside the transaction that makes the status change. */
  enqueue(delivery: NewDelivery): void {
    this.insert.run(delivery);
  }

  dueAt(
    nowMs: number,
    limit: number,
    skipOrigins: readonly string[] = [],
    skipIds: readonly string[] = [],
  ): DueDelivery[] {
    return this.toDue(
      this.due.all(nowMs, JSON.stringify(skipOrigins), JSON.stringify(skipIds), limit) as DeliveryRow[],
      nowMs,
    );
  }

  /** Due deliveries of one endpoint (when one of its slots frees up). */
  dueForOrigin(origin: string, nowMs: number, limit: number, skipIds: readonly string[] = []): DueDelivery[] {
    return this.toDue(this.dueOfOrigin.all(origin, nowMs, JSON.stringify(skipIds), limit) as DeliveryRow[], nowMs);
  }

  private toDue(rows: DeliveryRow[], nowMs: number): DueDelivery[] {
    return rows.map((r) => ({
      deliveryId: r.delivery_id,
      traceId: r.trace_id,
      event: r.event,
      url: r.url,
      origin: r.origin,
      body: r.body,
      attemptsMade: r.attempts_made,
      nextAttemptAt: r.next_attempt_at ?? nowMs,
    }));
  }

  /** The earliest time any pending delivery is due, or null when none is pending. */
  earliestDue(): number | null {
    return (this.nextDue.get() as { at: number | null }).at;
  }

  /**
   * Records one attempt's outcome and schedules the next (or ends the delivery), atomically.
   * `failedAtMs` is the gateway-clock time the attempt ended: a retry is due its delay after it.
   */
  recordAttempt(deliveryId: string, attempt: AttemptRecord, delivered: boolean, endedAtMs: number): DeliveryStatus {
    return this.db.transaction((): DeliveryStatus => {
      const row = this.byId.get(deliveryId) as DeliveryRow | undefined;
      if (!row || row.status !== 'pending') return row?.status ?? 'exhausted';
      const n = (this.attemptCount.get(deliveryId) as { n: number }).n + 1;
      this.insertAttempt.run(
        deliveryId,
        n,
        attempt.at,
        attempt.httpStatus,
        attempt.durationMs,
        attempt.error,
        attempt.responseExcerpt,
      );
      if (delivered) {
        this.markDelivered.run(endedAtMs, deliveryId);
        return 'delivered';
      }
      const made = row.attempts_made + 1;
      const next = nextAttemptAt(made, endedAtMs);
      const status: DeliveryStatus = next === null ? 'exhausted' : 'pending';
      this.markRetry.run(status, made, next, endedAtMs, deliveryId);
      return status;
    })();
  }

  get(deliveryId: string): DeliveryLogItem | undefined {
    const row = this.byId.get(deliveryId) as DeliveryRow | undefined;
    return row ? this.toLogItem(row) : undefined;
  }

  listByTrace(traceId: string): DeliveryLogItem[] {
    return (this.byTrace.all(traceId) as DeliveryRow[]).map((r) => this.toLogItem(r));
  }

  /** A merchant's redeliver: a delivered or exhausted delivery starts a new round now. */
  redeliver(deliveryId: string, nowMs: number): boolean {
    return this.restart.run(nowMs, nowMs, deliveryId).changes === 1;
  }

  private toLogItem(row: DeliveryRow): DeliveryLogItem {
    return {
      deliveryId: row.delivery_id,
      traceId: row.trace_id,
      event: row.event,
      url: row.url,
      status: row.status,
      nextAttemptAt: row.next_attempt_at,
      attempts: (this.attemptsOf.all(row.delivery_id) as AttemptRow[]).map((a) => ({
        at: a.at,
        httpStatus: a.http_status,
        durationMs: a.duration_ms,
        error: a.error,
        responseExcerpt: a.response_excerpt,
      })),
    };
  }
}

export { MAX_ATTEMPTS };
