/**
 * Shifts and cash moves (README, "Shifts and the Z report"): this module holds all SQL on `shifts`
 * and `cash_moves`. One shift is open at most (the table's own index says so); closing writes the
 * next Z number and the report in one statement, after which till.db's triggers refuse any change.
 */
import type { CashMoveView, ShiftView, ZReport } from '../../../shared/posapi-sales.js';
import type { Db } from '../../platform/db.js';

interface ShiftRow {
  shift_id: string;
  opened_at: number;
  opened_by_id: string;
  opened_by: string;
  float: string;
  closed_at: number | null;
  number: number | null;
  report: string | null;
}

interface MoveRow {
  at: number;
  kind: 'in' | 'out';
  amount: string;
  reason: string;
  by_name: string;
}

const moveView = (m: MoveRow): CashMoveView => ({
  at: m.at,
  kind: m.kind,
  amount: m.amount,
  reason: m.reason,
  byName: m.by_name,
});

export class ShiftBook {
  private readonly statements;

  constructor(private readonly db: Db) {
    this.statements = {
      open: db.prepare('SELECT * FROM shifts WHERE closed_at IS NULL'),
      insert: db.prepare(
        `INSERT INTO shifts (shift_id, opened_at, opened_by_id, opened_by, float)
         VALUES (@shift_id, @opened_at, @opened_by_id, @opened_by, @float)`,
      ),
      moves: db.prepare('SELECT * FROM cash_moves WHERE shift_id = ? ORDER BY at, move_id'),
      insertMove: db.prepare(
        `INSERT INTO cash_moves (move_id, shift_id, at, kind, amount, reason, by_id, by_name)
         VALUES (@move_id, @shift_id, @at, @kind, @amount, @reason, @by_id, @by_name)`,
      ),
      nextNumber: db.prepare('SELECT coalesce(max(number), 0) + 1 FROM shifts').pluck(),
      close: db.prepare(
        `UPDATE shifts SET closed_at = @closed_at, closed_by_id = @closed_by_id, closed_by = @closed_by, number = @number,
           expected_cash = @expected_cash, counted_cash = @counted_cash, difference = @difference, report = @report
         WHERE shift_id = @shift_id AND closed_at IS NULL`,
      ),
      report: db.prepare('SELECT report FROM shifts WHERE number = ?').pluck(),
      cashOfSales: db.prepare(
        `SELECT t.amount FROM sale_tenders t JOIN sales s ON s.sale_id = t.sale_id
           LEFT JOIN orders o ON o.order_id = s.order_id AND s.order_id <> ''
         WHERE s.shift_id = ? AND t.kind = 'cash' AND coalesce(o.status, '') <> 'failed'`,
      ),
    };
  }

  /** The open shift's id, or '' (sales written now belong to it). */
  openId(): string {
    return (this.statements.open.get() as ShiftRow | undefined)?.shift_id ?? '';
  }

  current(): ShiftView | null {
    const row = this.statements.open.get() as ShiftRow | undefined;
    if (!row) return null;
    return {
      shiftId: row.shift_id,
      openedAt: row.opened_at,
      openedBy: row.opened_by,
      float: row.float,
      moves: (this.statements.moves.all(row.shift_id) as MoveRow[]).map(moveView),
    };
  }

  open(row: { shift_id: string; opened_at: number; opened_by_id: string; opened_by: string; float: string }): void {
    this.statements.insert.run(row);
  }

  addMove(move: {
    move_id: string;
    shift_id: string;
    at: number;
    kind: 'in' | 'out';
    amount: string;
    reason: string;
    by_id: string;
    by_name: string;
  }): void {
    this.statements.insertMove.run(move);
  }

  /** The cash parts of the shift's sales that did not fail (their cash is in the drawer). */
  cashOfSales(shiftId: string): string[] {
    return this.statements.cashOfSales.pluck().all(shiftId) as string[];
  }

  nextNumber(): number {
    return this.statements.nextNumber.get() as number;
  }

  close(report: ZReport, by: { id: string; name: string }): void {
    const changed = this.statements.close.run({
      shift_id: report.shiftId,
      closed_at: report.closedAt,
      closed_by_id: by.id,
      closed_by: by.name,
      number: report.number,
      expected_cash: report.expectedCash,
      counted_cash: report.countedCash,
      difference: report.difference,
      report: JSON.stringify(report),
    }).changes;
    if (changed !== 1) throw new Error(`shift ${report.shiftId} is not open`);
  }

  report(number: number): ZReport | undefined {
    const text = this.statements.report.get(number) as string | null | undefined;
    return text ? (JSON.parse(text) as ZReport) : undefined;
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }
}
