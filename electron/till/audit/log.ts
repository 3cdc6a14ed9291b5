/**
 * The audit log (README, "Audit log"): append-only rows of sensitive actions in till.db, each carrying
 * the SHA-256 of the previous row, and the chain's head (last sequence and hash). Verification walks the
 * chain: a row changed outside the app no longer hashes to what it says, a deleted row leaves a gap in
 * the sequence and breaks the next row's link, and deleting the newest rows leaves the head behind.
 * This module holds all SQL on `audit_log` and `audit_head`. Never a PIN, a hash of one, or a key.
 */
import { createHash } from 'node:crypto';
import type { AuditChainCheck, AuditEntryView } from '../../../shared/posapi-staff.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';

export interface AuditActor {
  accountId: string;
  name: string;
}

interface AuditRow {
  seq: number;
  at: number;
  actor_id: string;
  actor_name: string;
  action: string;
  subject: string;
  detail: string;
  prev_hash: string;
  hash: string;
}

export interface AuditFilter {
  fromMs?: number;
  toMs?: number;
  action?: string;
  actorId?: string;
}

/** The hash of a row: its link to the previous one and every field, in a fixed order. */
export function auditHash(prevHash: string, row: Omit<AuditRow, 'prev_hash' | 'hash'>): string {
  const fields = [prevHash, row.seq, row.at, row.actor_id, row.actor_name, row.action, row.subject, row.detail];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

function where(filter: AuditFilter): { sql: string; params: Record<string, string | number> } {
  const conditions: [string, string, string | number | undefined][] = [
    ['at >= @fromMs', 'fromMs', filter.fromMs],
    ['at < @toMs', 'toMs', filter.toMs],
    ['action = @action', 'action', filter.action || undefined],
    ['actor_id = @actorId', 'actorId', filter.actorId || undefined],
  ];
  const used = conditions.filter(([, , value]) => value !== undefined);
  const params = Object.fromEntries(used.map(([, name, value]) => [name, value!]));
  return { sql: used.length ? `WHERE ${used.map(([sql]) => sql).join(' AND ')}` : '', params };
}

export function entryView(row: AuditRow): AuditEntryView {
  return {
    seq: row.seq,
    at: row.at,
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action,
    subject: row.subject,
    detail: row.detail,
  };
}

export class AuditLog {
  private readonly head;
  private readonly insertRow;
  private readonly setHead;
  private readonly walk;
  private readonly actionNames;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.head = db.prepare('SELECT seq, hash FROM audit_head WHERE id = 1');
    this.insertRow = db.prepare(
      `INSERT INTO audit_log (seq, at, actor_id, actor_name, action, subject, detail, prev_hash, hash)
       VALUES (@seq, @at, @actor_id, @actor_name, @action, @subject, @detail, @prev_hash, @hash)`,
    );
    this.setHead = db.prepare(
      'INSERT INTO audit_head (id, seq, hash) VALUES (1, @seq, @hash) ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash',
    );
    this.walk = db.prepare('SELECT * FROM audit_log ORDER BY seq');
    this.actionNames = db.prepare('SELECT DISTINCT action FROM audit_log ORDER BY action').pluck();
  }

  /** Appends one row, linked to the head, in one transaction (also inside a caller's transaction). */
  record(actor: AuditActor | null, action: string, subject: string, detail: Record<string, unknown> = {}): void {
    this.db.transaction(() => {
      const head = (this.head.get() as { seq: number; hash: string } | undefined) ?? { seq: 0, hash: '' };
      const fields = {
        seq: head.seq + 1,
        at: this.clock.now(),
        actor_id: actor?.accountId ?? '',
        actor_name: actor?.name ?? '',
        action,
        subject,
        detail: JSON.stringify(detail),
      };
      const hash = auditHash(head.hash, fields);
      this.insertRow.run({ ...fields, prev_hash: head.hash, hash });
      this.setHead.run({ seq: fields.seq, hash });
    })();
  }

  /** Newest first, one page of the filtered log. */
  list(filter: AuditFilter, page: number, pageSize: number): { entries: AuditEntryView[]; matching: number } {
    const { sql, params } = where(filter);
    const matching = this.db.prepare(`SELECT count(*) FROM audit_log ${sql}`).pluck().get(params) as number;
    const rows = this.db
      .prepare(`SELECT * FROM audit_log ${sql} ORDER BY seq DESC LIMIT @limit OFFSET @offset`)
      .all({ ...params, limit: pageSize, offset: page * pageSize }) as AuditRow[];
    return { entries: rows.map(entryView), matching };
  }

  /** Oldest first, every row in the range (for the CSV), with its hashes. */
  range(filter: AuditFilter): (AuditEntryView & { prevHash: string; hash: string })[] {
    const { sql, params } = where(filter);
    const rows = this.db.prepare(`SELECT * FROM audit_log ${sql} ORDER BY seq`).all(params) as AuditRow[];
    return rows.map((row) => ({ ...entryView(row), prevHash: row.prev_hash, hash: row.hash }));
  }

  actions(): string[] {
    return this.actionNames.all() as string[];
  }

  /** Walks the whole chain; answers the first row that does not hold. */
  verify(): AuditChainCheck {
    let expected = 1;
    let prev = '';
    const broken = (brokenAt: number, problem: string): AuditChainCheck => ({
      ok: false,
      rows: expected - 1,
      brokenAt,
      problem,
    });
    for (const row of this.walk.iterate() as IterableIterator<AuditRow>) {
      if (row.seq !== expected)
        return broken(expected, `Entry ${expected} is missing: it was deleted outside the app.`);
      if (row.prev_hash !== prev)
        return broken(row.seq, `Entry ${row.seq} does not follow entry ${row.seq - 1}: the chain was rewritten.`);
      if (auditHash(prev, row) !== row.hash) return broken(row.seq, `Entry ${row.seq} was changed outside the app.`);
      prev = row.hash;
      expected += 1;
    }
    const head = (this.head.get() as { seq: number; hash: string } | undefined) ?? { seq: 0, hash: '' };
    if (head.seq !== expected - 1 || head.hash !== prev)
      return broken(expected, `Entries after ${expected - 1} are missing: they were deleted outside the app.`);
    return { ok: true, rows: expected - 1, brokenAt: 0, problem: '' };
  }
}
