/**
 * Shifts (README, "Shifts and the Z report"): open with a float, cash in and out with a reason, close
 * by counting the drawer. The close writes the numbered Z report once (expected vs counted, the
 * difference, and the shift's sales by tender, crypto asset, cashier, tips, discounts and taxes).
 */
import { add, compare, isPositive, parseAmount, subtract, subtractSigned } from '../../../shared/money.js';
import { checkMinorUnit } from '../sales/amount-rules.js';
import { currencyOf } from './checkout.js';
import type { PosCaller } from '../../../shared/posapi-staff.js';
import type { ShiftView, ZReport } from '../../../shared/posapi-sales.js';
import type { Args, TillParts } from '../parts.js';
import { summarize } from '../sales/summary.js';
import { chargeOrdersIn, refundsIn } from '../shifts/z-extras.js';
import { callerActor } from '../staff/area.js';
import { posError } from '../../../shared/pos-error.js';

const who = (caller: PosCaller) => ({ id: caller.account?.accountId ?? '', name: caller.account?.name ?? '' });

function openOrRefuse(till: TillParts): ShiftView {
  const shift = till.shiftBook.current();
  if (!shift) throw posError('no_shift');
  return shift;
}

/** The cash the drawer should hold: the float, cash of sales that did not fail, cash in, less cash out. */
function drawer(till: TillParts, shift: ShiftView) {
  const sum = (kind: 'in' | 'out') => add('0', ...shift.moves.filter((m) => m.kind === kind).map((m) => m.amount));
  const cashSales = add('0', ...till.shiftBook.cashOfSales(shift.shiftId));
  return {
    cashIn: sum('in'),
    cashOut: sum('out'),
    cashSales,
    expectedCash: subtract(add(shift.float, cashSales, sum('in')), sum('out')),
  };
}

function withExpected(till: TillParts, shift: ShiftView | null): ShiftView | null {
  return shift && { ...shift, expectedCash: drawer(till, shift).expectedCash };
}

async function placesOf(till: TillParts): Promise<number> {
  return (await currencyOf(till, till.settings.stored().quoteAssetId)).places;
}

/** shift.current */
export async function currentShift(till: TillParts): Promise<ShiftView | null> {
  return withExpected(till, till.shiftBook.current());
}

/** shift.open */
export async function openShift(till: TillParts, { float }: Args<'shift.open'>, caller: PosCaller): Promise<ShiftView> {
  checkMinorUnit('float', float, await placesOf(till));
  return till.shiftBook.transaction(() => {
    if (till.shiftBook.current()) throw posError('shift_already_open');
    const shiftId = `sh-${till.deps.ids.token(6).slice(-12)}`;
    const by = who(caller);
    till.shiftBook.open({
      shift_id: shiftId,
      opened_at: till.deps.clock.now(),
      opened_by_id: by.id,
      opened_by: by.name,
      float: parseAmount(float),
    });
    till.audit.record(callerActor(caller), 'shift.open', shiftId, { float: parseAmount(float) });
    return withExpected(till, till.shiftBook.current())!;
  });
}

/** shift.cashMove: money put into or taken out of the drawer, with a reason. */
export async function cashMove(till: TillParts, args: Args<'shift.cashMove'>, caller: PosCaller): Promise<ShiftView> {
  checkMinorUnit('amount', args.amount, await placesOf(till));
  if (!isPositive(args.amount)) throw posError('must_be_positive', { field: 'amount' }, 'amount');
  return till.shiftBook.transaction(() => {
    const shift = openOrRefuse(till);
    const { expectedCash } = drawer(till, shift);
    if (args.kind === 'out' && compare(args.amount, expectedCash) > 0)
      throw posError('cash_out_too_much', { amount: parseAmount(args.amount), expected: expectedCash }, 'amount');
    const by = who(caller);
    const move = { kind: args.kind, amount: parseAmount(args.amount), reason: args.reason };
    till.shiftBook.addMove({
      move_id: `cm-${till.deps.ids.token(6).slice(-12)}`,
      shift_id: shift.shiftId,
      at: till.deps.clock.now(),
      ...move,
      by_id: by.id,
      by_name: by.name,
    });
    till.audit.record(callerActor(caller), 'shift.cash', shift.shiftId, move);
    return withExpected(till, till.shiftBook.current())!;
  });
}

/** shift.close: counts the drawer; the Z report is written once and answered. */
export async function closeShift(
  till: TillParts,
  { counted }: Args<'shift.close'>,
  caller: PosCaller,
): Promise<ZReport> {
  checkMinorUnit('counted', counted, await placesOf(till));
  return till.shiftBook.transaction(() => {
    const shift = openOrRefuse(till);
    const { cashIn, cashOut, cashSales, expectedCash } = drawer(till, shift);
    const countedCash = parseAmount(counted);
    const settings = till.settings.stored();
    const sales = till.saleBook.inShift(shift.shiftId);
    const by = who(caller);
    const salesSettings = till.sales.get();
    const closedAt = till.deps.clock.now();
    const report: ZReport = {
      number: till.shiftBook.nextNumber(),
      shiftId: shift.shiftId,
      shopName: settings.shopName || settings.payee?.fullName || '',
      shopAddress: salesSettings.shopAddress,
      taxId: salesSettings.taxId,
      openedAt: shift.openedAt,
      openedBy: shift.openedBy,
      closedAt,
      closedBy: by.name,
      float: shift.float,
      cashSales,
      cashIn,
      cashOut,
      moves: shift.moves,
      expectedCash,
      countedCash,
      difference: subtractSigned(countedCash, expectedCash),
      sales: summarize(sales, settings.quoteAssetId, sales[0]?.row.symbol ?? settings.quoteAssetId.toUpperCase()),
      chargeOrders: chargeOrdersIn(till.book, till.saleBook, shift.openedAt, closedAt + 1),
      refunds: refundsIn(till.refunds.between(shift.openedAt, closedAt + 1)),
    };
    till.shiftBook.close(report, by);
    till.audit.record(callerActor(caller), 'shift.close', shift.shiftId, {
      number: report.number,
      expected: expectedCash,
      counted: countedCash,
      difference: report.difference,
    });
    return report;
  });
}

/** shift.report: a closed shift's Z report, as it was written. */
export async function shiftReport(till: TillParts, { number }: Args<'shift.report'>): Promise<ZReport> {
  const report = till.shiftBook.report(number);
  if (!report) throw posError('z_report_not_found', { number }, 'number');
  return report;
}
