/**
 * The audit log as CSV records (README, "Audit log"): oldest first, with each row's hashes so the
 * chain can be checked outside the app. Used by the audit export and the whole-book export.
 */
import type { AuditEntryView } from '../../../shared/posapi-staff.js';
import { isoInZone } from '../owner/csv.js';

export const AUDIT_CSV_COLUMNS = ['seq', 'at', 'actor_id', 'actor', 'action', 'subject', 'detail', 'prev_hash', 'hash'];

/** What a CSV record of the log needs of a row (as AuditLog.range answers it). */
export type AuditCsvRow = AuditEntryView & { prevHash: string; hash: string };

export function auditCsvRecords(rows: readonly AuditCsvRow[], timeZone: string): string[][] {
  return rows.map((r) => [
    String(r.seq),
    isoInZone(r.at, timeZone),
    r.actorId,
    r.actorName,
    r.action,
    r.subject,
    r.detail,
    r.prevHash,
    r.hash,
  ]);
}
