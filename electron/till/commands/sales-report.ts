/**
 * The day review's cart-sales part (README, "Selling with a cart"): what the day's sales came to, by
 * tender, crypto asset, cashier and tax rate, with tips and discounts; and their CSV. Added beside the
 * orders' figures (owner.day, owner.export), which keep showing every gateway order.
 */
import type { SalesSummary } from '../../../shared/posapi-sales.js';
import type { PosCaller } from '../../../shared/posapi-staff.js';
import { dayOf, dayRange } from '../calendar.js';
import type { Args, TillParts } from '../parts.js';
import { salesCsv } from '../sales/csv.js';
import { summarize } from '../sales/summary.js';
import { callerActor } from '../staff/area.js';

/** The shop currency's symbol as the sales recorded it (the id in capitals before any sale). */
function currencyOf(till: TillParts): { currency: string; symbol: string } {
  const currency = till.settings.stored().quoteAssetId;
  return { currency, symbol: currency.toUpperCase() };
}

/** sales.day */
export async function salesDay(till: TillParts, { day }: Args<'sales.day'>): Promise<SalesSummary & { day: string }> {
  const { timeZone } = till.settings.stored();
  const shown = day ?? dayOf(till.deps.clock.now(), timeZone);
  const [from, to] = dayRange(shown, timeZone);
  const sales = till.saleBook.inRange(from, to);
  const { currency, symbol } = currencyOf(till);
  return { day: shown, ...summarize(sales, currency, sales[0]?.row.symbol ?? symbol) };
}

/** sales.export */
export async function exportSales(
  till: TillParts,
  { from, to }: Args<'sales.export'>,
  caller: PosCaller,
): Promise<{ filename: string; csv: string; rows: number }> {
  const { timeZone } = till.settings.stored();
  const [start] = dayRange(from, timeZone);
  const [, end] = dayRange(to, timeZone);
  const sales = till.saleBook.inRange(start, end);
  till.audit.record(callerActor(caller), 'sales.export', '', { from, to, rows: sales.length });
  return { filename: `paydesk-sales-${from}-to-${to}.csv`, csv: salesCsv(sales, timeZone), rows: sales.length };
}
