/**
 * Charge and orders: the asset lists the Charge screen offers, creating an order (written ahead, then
 * sent: docs/architecture.md, "From the Charge button to the gateway"), opening one, and the day's list.
 */
import { compare, lt } from '../../../shared/money.js';
import {
  type OrderView,
  type PaymentAssetView,
  type QuoteAssetView,
  type SettlementAssetView,
} from '../../../shared/posapi.js';
import type { QuoteAssetItem } from '../../../shared/wire.js';
import { dayOf, dayRange } from '../calendar.js';
import type { PosCaller } from '../../../shared/posapi-staff.js';
import { GatewayUnreachable } from '../link/gateway-client.js';
import { refusalFromWords } from '../link/gateway-refusal.js';
import type { OrderRow } from '../orders/book.js';
import type { Args, TillParts } from '../parts.js';
import { roleMay } from '../staff/permissions.js';
import { requirePayee } from '../settings/store.js';
import { posError } from '../../../shared/pos-error.js';

/** assets.quote */
export async function quoteAssets(till: TillParts, { payeeId }: Args<'assets.quote'>): Promise<QuoteAssetView[]> {
  return till.catalog.quoteViews(payeeId);
}

/** assets.payment */
export async function paymentAssets(
  till: TillParts,
  { quoteAssetId, quoteAmount }: Args<'assets.payment'>,
): Promise<PaymentAssetView[]> {
  return till.catalog.paymentViews(quoteAssetId, quoteAmount);
}

/** assets.settlement */
export async function settlementAssets(
  till: TillParts,
  { payeeId }: Args<'assets.settlement'>,
): Promise<SettlementAssetView[]> {
  return till.catalog.settlementViews(payeeId);
}

/** The quote currency's limits, when the gateway can tell (offline, the order is taken unchecked). */
async function quoteOf(till: TillParts, quoteAssetId: string): Promise<QuoteAssetItem | undefined> {
  try {
    return (await till.catalog.quotes()).find((q) => q.assetId === quoteAssetId);
  } catch (error) {
    if (error instanceof GatewayUnreachable) return undefined;
    throw error;
  }
}

function checkLimits(quote: QuoteAssetItem | undefined, amount: string): void {
  if (!quote) return;
  if (lt(amount, quote.minQuoteAmount))
    throw posError('amount_below_minimum', { minimum: quote.minQuoteAmount, symbol: quote.symbol }, 'quoteAmount');
  if (compare(amount, quote.maxQuoteAmount) > 0)
    throw posError('amount_above_maximum', { maximum: quote.maxQuoteAmount, symbol: quote.symbol }, 'quoteAmount');
}

/**
 * order.create: checked against the currency's limits, written ahead (queued, its send due), then
 * sent at once with the shop's time to pay as its deadline; a gateway that cannot be reached leaves it
 * queued, to be sent with the same identifiers (README, "Offline"). A refusal is the command's answer
 * and leaves no order behind.
 */
export async function createOrder(till: TillParts, args: Args<'order.create'>, caller: PosCaller): Promise<OrderView> {
  const payee = requirePayee(till.settings);
  const settings = till.settings.stored();
  await till.catalog.load();
  const quote = await quoteOf(till, args.quoteAssetId);
  checkLimits(quote, args.quoteAmount);
  const now = till.deps.clock.now();
  const orderId = `pd-${new Date(now).toISOString().slice(0, 10).replaceAll('-', '')}-${till.deps.ids.token(5)}`;
  till.writer.write({
    order_id: orderId,
    trace_id: till.deps.ids.uuid(),
    payee_id: payee.payeeId,
    quote_asset_id: args.quoteAssetId,
    quote_symbol: quote?.symbol ?? args.quoteAssetId.toUpperCase(),
    quote_amount: args.quoteAmount,
    payment_asset_id: args.paymentAssetId,
    is_chain: args.isChain ? 1 : 0,
    settlement_asset_id: settings.settlementAssetId,
    note: args.note ?? '',
    callback_url: till.link.usesEmbedded() ? till.deps.callbackUrl() : settings.publicCallbackUrl,
    created_at: now,
    updated_at: now,
    cashier_id: caller.account?.accountId ?? '',
    cashier_name: caller.account?.name ?? '',
    pay_by: now + settings.timeToPayMinutes * 60_000,
  });
  till.cadence.focus(orderId);
  await till.scheduler.run('send', orderId);
  const row = till.orderOrThrow(orderId);
  if (row.status === 'failed') {
    // Refused while the cashier waits: the refusal is the answer, and no failed order stays behind.
    till.writer.discard(orderId);
    throw refusalFromWords(row.last_error);
  }
  return till.view(row);
}

/** Whether the caller sees every order, or only the ones they rang up (a cashier: staff/permissions.ts). */
function seesAll(caller: PosCaller): boolean {
  return !caller.account || roleMay(caller.account.role, 'orders.all');
}

/** An order the caller may open: a cashier's own, any for a manager (not found otherwise, as for a wrong id). */
export function ownOrderOrThrow(till: TillParts, orderId: string, caller: PosCaller): OrderRow {
  const row = till.orderOrThrow(orderId);
  if (seesAll(caller) || row.cashier_id === caller.account?.accountId) return row;
  throw posError('order_not_yours', { orderId }, 'orderId');
}

/** order.get: the order on screen, checked at the gateway now and then polled more often. */
export async function getOrder(till: TillParts, { orderId }: Args<'order.get'>, caller: PosCaller): Promise<OrderView> {
  ownOrderOrThrow(till, orderId, caller);
  till.cadence.focus(orderId);
  return (await till.pollNow(orderId)) ?? till.view(till.orderOrThrow(orderId));
}

/** order.list: a shop day's orders (today by default), newest first; a cashier's own only. */
export async function listOrders(
  till: TillParts,
  { day, limit }: Args<'order.list'>,
  caller: PosCaller,
): Promise<OrderView[]> {
  const tz = till.settings.stored().timeZone;
  const [from, to] = dayRange(day ?? dayOf(till.deps.clock.now(), tz), tz);
  const rows = seesAll(caller)
    ? till.book.list(from, to, limit ?? 200)
    : till.book
        .list(from, to)
        .filter((row) => row.cashier_id === caller.account?.accountId)
        .slice(0, limit ?? 200);
  return rows.map((row) => till.view(row));
}
