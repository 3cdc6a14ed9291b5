/**
 * The owner's audit log (README, "Audit log"): a filtered page with the hash chain's verdict, and the
 * CSV export (cells safe from formula injection, as the orders' CSV). Exports are logged too.
 */
import { stringify } from 'csv-stringify/sync';
import type { AuditView, PosCaller } from '../../../shared/posapi-staff.js';
import type { AuditFilter } from '../audit/log.js';
import { dayRange } from '../calendar.js';
import { AUDIT_CSV_COLUMNS, auditCsvRecords } from '../audit/csv.js';
import { spreadsheetSafe } from '../owner/csv.js';
import type { Args, TillParts } from '../parts.js';
import { callerActor } from '../staff/area.js';
import { posError } from '../../../shared/pos-error.js';

const PAGE_SIZE = 50;

/** Shop days [from, to] as a range on the till's clock. */
function rangeOf(till: TillParts, from: string | undefined, to: string | undefined): AuditFilter {
  const { timeZone } = till.settings.stored();
  if (from && to && from > to) throw posError('from_after_to', {}, 'from');
  return {
    fromMs: from ? dayRange(from, timeZone)[0] : undefined,
    toMs: to ? dayRange(to, timeZone)[1] : undefined,
  };
}

/** audit.list */
export async function auditList(till: TillParts, args: Args<'audit.list'>): Promise<AuditView> {
  const filter = { ...rangeOf(till, args.from, args.to), action: args.action, actorId: args.actorId };
  const page = args.page ?? 0;
  const { entries, matching } = till.audit.list(filter, page, PAGE_SIZE);
  return { entries, matching, page, pageSize: PAGE_SIZE, chain: till.audit.verify(), actions: till.audit.actions() };
}

/** audit.export: oldest first, with each row's hashes so the chain can be checked outside the app. */
export async function auditExport(
  till: TillParts,
  { from, to }: Args<'audit.export'>,
  caller: PosCaller,
): Promise<{ filename: string; csv: string; rows: number }> {
  const { timeZone } = till.settings.stored();
  const rows = till.audit.range(rangeOf(till, from, to));
  const records = auditCsvRecords(rows, timeZone).map((record) => record.map(spreadsheetSafe));
  const csv = stringify([AUDIT_CSV_COLUMNS, ...records], { record_delimiter: '\r\n', quoted_match: /[",\r\n]/ });
  const filename = `paydesk-audit-${from}${from === to ? '' : `-to-${to}`}.csv`;
  till.audit.record(callerActor(caller), 'export.audit', filename, { from, to, rows: rows.length });
  return { filename, csv, rows: rows.length };
}
